/**
 * The worker's index cache: one build per change of the active version set, shared by concurrent
 * screenings; separate indexes for sanctions/watch lists and PEP lists; a rebuild after a new
 * version is activated and none after an unchanged import.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keepIndexesFresh, MatchIndexCache } from '../../../activities/screening/index-cache/match-index-cache.js';
import { importListFile } from '../../../activities/screening/list-store/import-list-files.js';
import { search } from '../../../activities/screening/matching/matcher.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { OFAC_ROWS, ofacSdnCsv, tempListDir } from '../support/list-files.js';
import { silentLogger } from '../support/screening-test-context.js';

let tdb: TestDatabase;
let tmp: Awaited<ReturnType<typeof tempListDir>>;
const deps = () => ({ db: tdb.db, logger: silentLogger, clock: () => new Date() });

beforeAll(async () => {
  tdb = await createTestDatabase();
  tmp = await tempListDir();
});
afterAll(async () => {
  await tmp?.cleanup();
  await tdb?.destroy();
});

const PEP_SENZING = [
  { DATA_SOURCE: 'OS_TEST_PEPS', RECORD_ID: 'pep-1', RECORD_TYPE: 'PERSON', NAMES: [{ NAME_TYPE: 'PRIMARY', NAME_FULL: 'Amelia Harrowgate' }], RISKS: [{ TOPIC: 'role.pep' }], DATES: [{ DATE_OF_BIRTH: '1961-04-02' }] },
].map((r) => JSON.stringify(r)).join('\n');

it('builds once per active version set, shares concurrent builds and keeps PEP lists apart', async () => {
  const cache = new MatchIndexCache({ db: tdb.db, logger: silentLogger });
  expect(await cache.get('watchlist')).toBeNull();
  expect(cache.buildsStarted).toBe(0);

  const sdn = await tmp.write('ofac/sdn.csv', ofacSdnCsv(OFAC_ROWS));
  await importListFile(deps(), sdn);
  await importListFile(deps(), await tmp.write('peps/senzing.json', `${PEP_SENZING}\n`));

  const [a, b, c] = await Promise.all([cache.get('watchlist'), cache.get('watchlist'), cache.get('watchlist')]);
  expect(cache.buildsStarted).toBe(1);
  expect(a).toBe(b);
  expect(b).toBe(c);
  expect(a!.entityCount).toBe(5);
  expect(a!.versions.map((v) => v.slug)).toEqual(['us_ofac_sdn']);

  const pep = await cache.get('pep');
  expect(cache.buildsStarted).toBe(2);
  expect(pep!.versions.map((v) => v.source.list_type)).toEqual(['pep']);
  expect(search(pep!.index, { kind: 'person', name_first: 'Amelia', name_last: 'Harrowgate' })).toHaveLength(1);
  expect(search(a!.index, { kind: 'person', name_first: 'Amelia', name_last: 'Harrowgate' })).toHaveLength(0);

  // Unchanged import: same versions, same index.
  await importListFile(deps(), sdn);
  expect(await cache.get('watchlist')).toBe(a);
  expect(cache.buildsStarted).toBe(2);

  // A new version: one rebuild, which finds the new entry.
  await tmp.write('ofac/sdn.csv', ofacSdnCsv([...OFAC_ROWS, { entNum: 7100, name: 'FENWICK, Osgood Tiberius', type: 'individual' }]));
  await importListFile(deps(), sdn);
  const rebuilt = await cache.get('watchlist');
  expect(rebuilt).not.toBe(a);
  expect(cache.buildsStarted).toBe(3);
  expect(rebuilt!.entityCount).toBe(6);
  expect(search(rebuilt!.index, { kind: 'person', name_first: 'Osgood', name_last: 'Fenwick' })[0]?.entity.source_id).toBe('7100');
  expect(search(a!.index, { kind: 'person', name_first: 'Osgood', name_last: 'Fenwick' })).toHaveLength(0);
});

it('kept fresh: every index built at once, and rebuilt after a list change without a screening asking', async () => {
  // (Runs after the test above: the OFAC list and the PEP list are active.)
  const cache = new MatchIndexCache({ db: tdb.db, logger: silentLogger });
  const stop = keepIndexesFresh(cache, 50);
  try {
    await waitFor(() => cache.holds('watchlist') && cache.holds('pep'));
    const first = await cache.get('watchlist');
    expect(cache.buildsStarted).toBe(2);
    // Nothing changed: no rebuild however often it checks.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cache.buildsStarted).toBe(2);
    // A new version of the OFAC list: rebuilt by the refresh alone.
    const sdn = await tmp.write('ofac/sdn.csv', ofacSdnCsv([...OFAC_ROWS, { entNum: 7100, name: 'FENWICK, Osgood Tiberius', type: 'individual' }, { entNum: 7101, name: 'QUILLFEATHER, Ambrose', type: 'individual' }]));
    await importListFile(deps(), sdn);
    await waitFor(() => cache.buildsStarted === 3);
    const rebuilt = await cache.get('watchlist');
    expect(rebuilt).not.toBe(first);
    expect(search(rebuilt!.index, { kind: 'person', name_first: 'Ambrose', name_last: 'Quillfeather' })).toHaveLength(1);
    expect(cache.buildsStarted).toBe(3);
  } finally {
    stop();
  }
  // Stopped: a later change is not picked up until a screening asks.
  await importListFile(deps(), await tmp.write('ofac/sdn.csv', ofacSdnCsv(OFAC_ROWS)));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(cache.buildsStarted).toBe(3);
});

async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
