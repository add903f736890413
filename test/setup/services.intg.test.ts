// Smoke test of the servers the global setup provides: PostgreSQL with the extensions the
// matcher needs, and MinIO accepting a bucket and a presigned upload from a plain HTTP client.
import { randomUUID } from 'node:crypto';
import * as Minio from 'minio';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testEnv } from './test-env.js';

describe('PostgreSQL of the test run', () => {
  it('answers queries and can create pg_trgm and fuzzystrmatch', async () => {
    const admin = new pg.Client({ connectionString: testEnv().databaseAdminUrl });
    const database = `smoke_${randomUUID().replaceAll('-', '')}`;
    await admin.connect();
    try {
      expect((await admin.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await admin.query(`create database ${database}`);
      const url = new URL(testEnv().databaseAdminUrl);
      url.pathname = `/${database}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query('create extension pg_trgm');
        await client.query('create extension fuzzystrmatch');
        const { rows } = await client.query<{ similar: boolean; distance: number }>(
          "select similarity('Vladimir', 'Wladimir') > 0.3 as similar, levenshtein('Vladimir', 'Wladimir') as distance",
        );
        expect(rows).toEqual([{ similar: true, distance: 1 }]);
      } finally {
        await client.end();
      }
    } finally {
      await admin.query(`drop database if exists ${database}`);
      await admin.end();
    }
  });
});

describe('MinIO of the test run', () => {
  it('creates a bucket and accepts a presigned PUT made with fetch', async () => {
    const { s3 } = testEnv();
    const endpoint = new URL(s3.endpoint);
    const client = new Minio.Client({
      endPoint: endpoint.hostname,
      port: Number(endpoint.port),
      useSSL: endpoint.protocol === 'https:',
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
      region: s3.region,
    });
    const bucket = `smoke-${randomUUID()}`;
    await client.makeBucket(bucket, s3.region);
    try {
      const url = await client.presignedPutObject(bucket, 'hello.txt', 60);
      const upload = await fetch(url, { method: 'PUT', body: 'hello, clearwatch' });
      expect(upload.status).toBe(200);
      const stat = await client.statObject(bucket, 'hello.txt');
      expect(stat.size).toBe('hello, clearwatch'.length);
      await client.removeObject(bucket, 'hello.txt');
    } finally {
      await client.removeBucket(bucket);
    }
  });
});

describe('environment handed to test workers', () => {
  it('exports the same addresses as environment variables', () => {
    const values = testEnv();
    expect(process.env.TEST_DATABASE_ADMIN_URL).toBe(values.databaseAdminUrl);
    expect(process.env.S3_ENDPOINT).toBe(values.s3.endpoint);
    expect(process.env.TEMPORAL_ADDRESS).toBe(values.temporalAddress);
    expect(process.env.TEMPORAL_TEST_SERVER_PATH).toBe(values.temporalTestServerPath);
  });
});
