/** The operator CLI for issuer keys as a real process: list, rotate (per environment or both), retire; each change audited. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureIssuerKeys } from '../../activities/credentials/issuer-keys.transitions.js';
import { TEST_ENCRYPTION_KEY, testSecrets } from '../support/test-config.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
let tdb: TestDatabase;

async function cli(env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'issuer', ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: tdb.url, ...env } });
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  await ensureIssuerKeys(tdb.db, testSecrets);
});
afterAll(async () => {
  await tdb?.destroy();
});

describe('issuer CLI', () => {
  it('rotates one environment, keeping the old key published; retires it; refuses to retire the active key', async () => {
    const before = await tdb.db.selectFrom('issuer_keys').selectAll().where('environment', '=', 'production').executeTakeFirstOrThrow();
    const { stdout } = await cli({ SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY }, 'rotate-key', '--env', 'production');
    expect(stdout).toContain(`${before.kid} stays published`);
    const keys = await tdb.db.selectFrom('issuer_keys').select(['kid', 'status', 'environment']).orderBy('created_at').execute();
    expect(keys.filter((k) => k.environment === 'production').map((k) => k.status)).toEqual(['published', 'active']);
    expect(keys.filter((k) => k.environment === 'staging').map((k) => k.status)).toEqual(['active']);
    const active = keys.find((k) => k.environment === 'production' && k.status === 'active')!;

    await expect(cli({}, 'retire-key', active.kid)).rejects.toMatchObject({ code: 64, stderr: expect.stringContaining('rotate first') });
    const retired = await cli({}, 'retire-key', `did:web:example.com#${before.kid}`);
    expect(retired.stdout).toContain(`retired ${before.kid}`);
    const list = await cli({}, 'keys');
    expect(list.stdout).toMatch(new RegExp(`${before.kid}\\tproduction\\tretired`));

    const audits = await tdb.db.selectFrom('events').select(['type', 'actor_type', 'actor_name', 'resource_id']).where('type', 'like', 'issuer_key.%').orderBy('sequence').execute();
    expect(audits.slice(-2)).toEqual([
      { type: 'issuer_key.rotate', actor_type: 'cli', actor_name: 'issuer rotate-key', resource_id: active.kid },
      { type: 'issuer_key.retire', actor_type: 'cli', actor_name: 'issuer retire-key', resource_id: before.kid },
    ]);
  });

  it('rotate-key without --env rotates both environments; it needs the key-encryption key', async () => {
    await expect(cli({ SECRETS_ENCRYPTION_KEY: '' }, 'rotate-key')).rejects.toMatchObject({ code: 64, stderr: expect.stringContaining('SECRETS_ENCRYPTION_KEY') });
    const { stdout } = await cli({ SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY }, 'rotate-key');
    expect(stdout.trim().split('\n').map((l) => l.split(':')[0])).toEqual(['production', 'staging']);
    const active = await tdb.db.selectFrom('issuer_keys').select('environment').where('status', '=', 'active').execute();
    expect(active.map((k) => k.environment).sort()).toEqual(['production', 'staging']);
  });
});
