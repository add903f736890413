// The stack record `npm start` leaves in .data: read back only while its process lives, fills
// only what the environment leaves unset, and is private to its owner (mode 0600).
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStackRecord, removeStackFile, stackFile, withStackDefaults, writeStackFile, type StackRecord } from './stack-file.js';

const record = (pid: number): StackRecord => ({
  pid, startedAt: '2026-11-23T10:00:00.000Z', apiUrl: 'http://127.0.0.1:3999', databaseUrl: 'postgres://postgres@127.0.0.1:5999/clearwatch',
  temporalAddress: '127.0.0.1:7999', temporalNamespace: 'default', s3Endpoint: 'http://127.0.0.1:9999', s3Bucket: 'clearwatch', s3Region: 'us-east-1',
});

/** Each test's folder, all under one removed after the file's tests. */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'cw-stack-'));
const tempDir = () => mkdtempSync(path.join(scratch, 'test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('stack record', () => {
  it('is written with mode 0600 and read back while its process runs', () => {
    const dir = tempDir();
    writeStackFile(dir, record(process.pid));
    expect(statSync(stackFile(dir)).mode & 0o777).toBe(0o600);
    expect(readStackRecord(dir)).toMatchObject({ pid: process.pid, databaseUrl: 'postgres://postgres@127.0.0.1:5999/clearwatch' });
  });

  it('fills unset variables only, S3 credentials only with the stack\'s own endpoint', () => {
    const dir = tempDir();
    writeStackFile(dir, record(process.pid));
    writeFileSync(path.join(dir, 'minio-credentials.json'), JSON.stringify({ accessKey: 'ak', secretKey: 'sk-secret' }), { mode: 0o600 });
    writeFileSync(path.join(dir, 'secrets-encryption-key.json'), JSON.stringify({ key: 'k' }), { mode: 0o600 });
    const env = withStackDefaults({ TEMPORAL_ADDRESS: 'elsewhere:7233', DATABASE_URL: '' }, dir);
    expect(env).toMatchObject({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5999/clearwatch', TEMPORAL_ADDRESS: 'elsewhere:7233', S3_ENDPOINT: 'http://127.0.0.1:9999',
      S3_ACCESS_KEY: 'ak', S3_SECRET_KEY: 'sk-secret', SECRETS_ENCRYPTION_KEY: 'k', BASE_URL: 'http://127.0.0.1:3999',
    });
    const ownS3 = withStackDefaults({ S3_ENDPOINT: 'https://s3.example.com' }, dir);
    expect(ownS3.S3_ACCESS_KEY).toBeUndefined();
  });

  it('a record whose npm start is gone is stale: ignored, and removed only by its owner', () => {
    const dir = tempDir();
    writeStackFile(dir, record(2 ** 22 + 12345));
    expect(readStackRecord(dir)).toBeUndefined();
    expect(withStackDefaults({}, dir)).toEqual({});
    removeStackFile(dir, process.pid);
    expect(readStackRecord(dir, { includeStale: true })).toBeDefined();
    removeStackFile(dir, 2 ** 22 + 12345);
    expect(readStackRecord(dir, { includeStale: true })).toBeUndefined();
  });
});
