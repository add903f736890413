/**
 * Next to a running `npm start`, the CLI needs no variables: `keys create` exactly as the README
 * shows reads the database address from the stack record in the data folder. Without a record it
 * says where it looked.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStackFile } from '../../infra/local-stack/stack-file.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
let tdb: TestDatabase;
/** Each test's data folder, all under one removed after the file's tests. */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'cw-cli-stack-'));
const tempDataDir = () => mkdtempSync(path.join(scratch, 'data-'));

/** The CLI with none of the stack's variables set, reading `dataDir`. */
function cliBeside(dataDir: string, ...args: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|S3_|TEMPORAL_|SECRETS_ENCRYPTION_KEY)/.test(name)));
  return run(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], { cwd: ROOT, env: { ...env, CLEARWATCH_DATA_DIR: dataDir } });
}

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.destroy();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the CLI finds the running stack', () => {
  it('keys create --env staging --scopes screenings:read --name x just works', async () => {
    const dataDir = tempDataDir();
    // A live pid stands for the running `npm start` (this test process).
    writeStackFile(dataDir, {
      pid: process.pid, startedAt: new Date().toISOString(), apiUrl: 'http://127.0.0.1:3000', databaseUrl: tdb.url,
      temporalAddress: '127.0.0.1:7233', temporalNamespace: 'default', s3Endpoint: 'http://127.0.0.1:9000', s3Bucket: 'clearwatch', s3Region: 'us-east-1',
    });
    const { stdout } = await cliBeside(dataDir, 'keys', 'create', '--env', 'staging', '--scopes', 'screenings:read', '--name', 'x');
    expect(stdout.trim().split('\n').pop()).toMatch(/^sk_staging_/);
    const row = await tdb.db.selectFrom('api_keys').select(['name', 'scopes']).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'x', scopes: ['screenings:read'] });
  });

  it('without a running stack it names the variable and where it looked', async () => {
    const dataDir = tempDataDir();
    const failed = await cliBeside(dataDir, 'keys', 'list').then(() => null, (error: { code: number; stderr: string }) => error);
    expect(failed?.code).toBe(78);
    expect(failed?.stderr).toContain('DATABASE_URL: is required');
    expect(failed?.stderr).toContain(path.join(dataDir, 'stack.json'));
  });
});
