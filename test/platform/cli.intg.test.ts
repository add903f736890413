/** The operator CLI as a real process: keys create/list/revoke, staging reset. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../api/auth/authenticate.js';
import { hashApiKey } from '../../api/auth/api-key.js';
import { createObjectStorage, type ObjectStorage } from '../../infra/storage/object-storage.js';
import { testEnv } from '../setup/test-env.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
let tdb: TestDatabase;
let storage: ObjectStorage;
const bucket = 'cli-test';

async function cli(...args: string[]) {
  const env = testEnv();
  return run(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: tdb.url, S3_ENDPOINT: env.s3.endpoint, S3_ACCESS_KEY: env.s3.accessKey, S3_SECRET_KEY: env.s3.secretKey, S3_REGION: env.s3.region, S3_BUCKET: bucket },
  });
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  const env = testEnv();
  storage = createObjectStorage({ endpoint: env.s3.endpoint, accessKey: env.s3.accessKey, secretKey: env.s3.secretKey, region: env.s3.region, bucket });
  await storage.ensureBucket();
});
afterAll(async () => {
  await tdb?.destroy();
});

describe('keys', () => {
  it('creates a key, printing it once as the last line, storing only its hash', async () => {
    const { stdout } = await cli('keys', 'create', '--env', 'staging', '--scopes', 'screenings:read,identity:read', '--name', 'ci');
    const key = stdout.trim().split('\n').pop()!;
    expect(key).toMatch(/^sk_staging_[A-Za-z0-9_-]{43}$/);
    const row = await tdb.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    expect(row.scopes).toEqual(['screenings:read', 'identity:read']);
    expect(row.key_hash.equals(hashApiKey(key))).toBe(true);
    const dump = JSON.stringify((await sql`select * from api_keys`.execute(tdb.db)).rows);
    expect(dump).not.toContain(key.slice('sk_staging_'.length));

    const list = await cli('keys', 'list');
    expect(list.stdout).toContain(row.id);
    expect(list.stdout).toContain('active');
    expect(list.stdout).not.toContain(key);

    await cli('keys', 'revoke', row.id);
    await expect(authenticate(tdb.db, key, new Date())).rejects.toMatchObject({ status: 401, message: expect.stringContaining('revoked') });
    expect((await cli('keys', 'list')).stdout).toContain('revoked');
  });

  it('accepts --scopes all and rejects bad input with a usage error', async () => {
    const { stdout } = await cli('keys', 'create', '--env', 'production', '--scopes', 'all', '--name', 'dev');
    expect(stdout.trim().split('\n').pop()).toMatch(/^sk_production_/);
    await expect(cli('keys', 'create', '--env', 'qa', '--scopes', 'all', '--name', 'x')).rejects.toMatchObject({ code: 64, stderr: expect.stringContaining('--env') });
    await expect(cli('keys', 'create', '--env', 'staging', '--scopes', 'bogus:scope', '--name', 'x')).rejects.toMatchObject({ code: 64, stderr: expect.stringContaining('bogus:scope') });
    await expect(cli('keys', 'revoke', 'not-an-id')).rejects.toMatchObject({ code: 64 });
  });
});

describe('staging reset', () => {
  it('deletes staging records and files only', async () => {
    for (const environment of ['staging', 'production'] as const) {
      await tdb.db.insertInto('events').values({ environment, type: 'screening.completed', category: 'change', actor_type: 'system', actor_id: null, actor_name: 'test', request_id: null, resource_type: 'screening', resource_id: '00000000-0000-4000-8000-000000000001', status: 'completed', payload: '{}' }).execute();
      await storage.putObject(`${environment}/files/a.txt`, Buffer.from('x'), 'text/plain');
    }
    // linked records across features, so the deletion order is exercised against the foreign keys
    for (const environment of ['staging', 'production'] as const) {
      const account = await tdb.db.insertInto('accounts').values({ environment, entity_type: 'person', external_id: `ext-${environment}` }).returning('id').executeTakeFirstOrThrow();
      const session = await tdb.db.insertInto('sessions').values({ environment, entity_type: 'person', account_id: account.id }).returning('id').executeTakeFirstOrThrow();
      await tdb.db.insertInto('businesses').values({ environment, session_id: session.id, country: 'ZZ', search_input: JSON.stringify({ official_name: 'Acme' }) }).execute();
    }
    const { stdout } = await cli('staging', 'reset');
    expect(stdout).toContain('staging data reset');
    // The event log stays (ids only; consumers may not have read it yet), and the reset is audited.
    const changes = await tdb.db.selectFrom('events').select('environment').where('category', '=', 'change').execute();
    expect(changes.map((r) => r.environment).sort()).toEqual(['production', 'staging']);
    const reset = await tdb.db.selectFrom('events').select(['environment', 'type', 'actor_type']).where('type', '=', 'staging.reset').execute();
    expect(reset).toEqual([{ environment: 'staging', type: 'staging.reset', actor_type: 'cli' }]);
    for (const table of ['accounts', 'sessions', 'businesses'] as const) {
      const rows = await tdb.db.selectFrom(table).select('environment').execute();
      expect(rows.map((r) => r.environment), table).toEqual(['production']);
    }
    expect(await storage.stat('staging/files/a.txt')).toBeNull();
    expect(await storage.stat('production/files/a.txt')).not.toBeNull();
  });
});
