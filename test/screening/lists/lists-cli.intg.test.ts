/**
 * `npm run cli -- lists ...` as a real process on the real lists: OFAC 2021-07 folder, UN XML by
 * --file, a second import unchanged, a malformed file failing with file and line (exit 1), status,
 * and the whole shared folder (what `LISTS_DIR=... npm start` imports).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { OFAC_ROWS, ofacSdnCsv, realListsDir, repoRoot, tempListDir } from '../support/list-files.js';

const run = promisify(execFile);
let tdb: TestDatabase;

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: tdb.url, LOG_LEVEL: 'error' },
      maxBuffer: 10 * 1024 * 1024,
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const e = error as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}

function line(stdout: string, slug: string): string {
  const found = stdout.split('\n').find((l) => l.startsWith(slug));
  if (!found) throw new Error(`no line for ${slug} in:\n${stdout}`);
  return found;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.destroy();
});

describe('lists import', () => {
  it('imports the real OFAC 2021-07 folder and the UN XML, then finds them unchanged', async () => {
    const ofac = await cli('lists', 'import', '--dir', path.join(realListsDir, 'ofac_sdn_2021-07'));
    expect(ofac.code).toBe(0);
    expect(line(ofac.stdout, 'us_ofac_sdn')).toMatch(/activated\s+entities=8976\s+warnings=\d+\s+version=[0-9a-f-]{36}\s+OFAC Specially Designated Nationals/);

    const un = await cli('lists', 'import', '--file', path.join(realListsDir, 'un_sc_2026-02-27/UN_consolidated.xml'));
    expect(un.code).toBe(0);
    expect(line(un.stdout, 'un_sc_sanctions')).toMatch(/activated\s+entities=1003\s+warnings=0\s+version=/);

    const again = await cli('lists', 'import', '--dir', path.join(realListsDir, 'ofac_sdn_2021-07'));
    expect(line(again.stdout, 'us_ofac_sdn')).toMatch(/unchanged\s+entities=8976/);
    expect(await tdb.db.selectFrom('list_versions').select('id').where('slug', '=', 'us_ofac_sdn').execute()).toHaveLength(1);

    const status = await cli('lists', 'status');
    expect(line(status.stdout, 'un_sc_sanctions')).toMatch(/sanctions\s+entities=1003/);
    expect(line(status.stdout, 'us_ofac_sdn')).toMatch(/sanctions\s+entities=8976/);
  });

  it('fails a malformed file with exit code 1, naming the file and line', async () => {
    const tmp = await tempListDir();
    try {
      const file = await tmp.write('sdn.csv', `${ofacSdnCsv(OFAC_ROWS.slice(0, 3))}9001,"BROKEN, Row,"individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n`);
      const result = await cli('lists', 'import', '--file', file);
      expect(result.code).toBe(1);
      expect(line(result.stdout, 'us_ofac_sdn')).toMatch(/failed\s+entities=0/);
      expect(result.stderr).toContain(`${file}:4`);
      const status = await cli('lists', 'status');
      expect(line(status.stdout, 'us_ofac_sdn')).toMatch(/entities=8976/);
    } finally {
      await tmp.cleanup();
    }
  });

  it('imports every list under the shared folder, one dated OFAC folder per list, without failures', async () => {
    const result = await cli('lists', 'import', '--dir', realListsDir);
    expect(result.code, result.stderr).toBe(0);
    expect(line(result.stdout, 'us_ofac_cons')).toMatch(/activated\s+entities=442/);
    expect(line(result.stdout, 'us_congress')).toMatch(/activated\s+entities=1317/);
    expect(line(result.stdout, 'un_sc_sanctions')).toMatch(/unchanged/);
    // Two dated OFAC SDN folders: the later one is imported, the earlier reported as skipped.
    const ofacLines = result.stdout.split('\n').filter((l) => l.startsWith('us_ofac_sdn'));
    expect(ofacLines.some((l) => /skipped/.test(l))).toBe(true);
    expect(ofacLines.some((l) => /activated\s+entities=14965/.test(l))).toBe(true);
    expect(result.stderr).toContain('ofac_sdn_2024-05-03');
  });

  it('rejects bad usage', async () => {
    expect((await cli('lists', 'import')).code).toBe(64);
    expect((await cli('lists', 'import', '--dir', 'a', '--file', 'b')).code).toBe(64);
    expect((await cli('lists', 'frobnicate')).code).toBe(64);
  });

  it('imports adverse-media article files', async () => {
    const result = await cli('lists', 'import-articles', '--dir', path.join(repoRoot, 'test/screening/fixtures/adverse-media'));
    expect(result.stdout).toMatch(/articles\s+files=4\s+read=11\s+stored=9\s+skipped=2/);
    expect(result.stderr).toMatch(/broken\.rss:\d+/);
    expect(result.code).toBe(1);
  });
});
