/**
 * List versions in PostgreSQL: the same files twice change nothing; a changed file becomes a new
 * version that replaces the old one in one step, keeping entity ids; a malformed file fails with
 * its file and line while the previous version stays live; unknown references are counted.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableEntityId } from '../../../activities/screening/list-store/entity-id.js';
import { importListDirectory, importListFile } from '../../../activities/screening/list-store/import-list-files.js';
import { listActiveVersions } from '../../../infra/db/repositories/list-versions.repository.js';
import { silentLogger } from '../../support/test-config.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { OFAC_ALIASES, OFAC_ROWS, ofacAltCsv, ofacSdnCsv, realListsDir, tempListDir } from '../support/list-files.js';

let tdb: TestDatabase;
const logger = silentLogger;
const deps = () => ({ db: tdb.db, logger, clock: () => new Date() });

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.destroy();
});

async function versionsOf(slug: string) {
  return tdb.db.selectFrom('list_versions').selectAll().where('slug', '=', slug).orderBy('created_at').execute();
}

async function activeEntityCount(slug: string): Promise<number> {
  const row = await tdb.db
    .selectFrom('list_sources')
    .innerJoin('list_entities', 'list_entities.version_id', 'list_sources.active_version_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('list_sources.slug', '=', slug)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('list import versioning', () => {
  it('imports a folder once, and a second import of the same files changes nothing', async () => {
    const tmp = await tempListDir();
    try {
      await tmp.write('ofac/sdn.csv', ofacSdnCsv(OFAC_ROWS));
      await tmp.write('ofac/alt.csv', ofacAltCsv(OFAC_ALIASES));
      const [first] = await importListDirectory(deps(), tmp.dir);
      expect(first).toMatchObject({ slug: 'us_ofac_sdn', status: 'activated', entityCount: 5, listType: 'sanctions' });
      // The alias of ent_num 9999 points at no entry: a warning, not a failure.
      expect(first!.warningCount).toBeGreaterThanOrEqual(1);

      const [second] = await importListDirectory(deps(), tmp.dir);
      expect(second).toMatchObject({ slug: 'us_ofac_sdn', status: 'unchanged', versionId: first!.versionId, entityCount: 5 });
      const versions = await versionsOf('us_ofac_sdn');
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({ status: 'active', entity_count: 5, checksum: first!.checksum });

      const karimov = await tdb.db.selectFrom('list_entities').selectAll().where('version_id', '=', first!.versionId!).where('source_id', '=', '7001').executeTakeFirstOrThrow();
      expect(karimov.id).toBe(stableEntityId('us_ofac_sdn', '7001'));
      expect(karimov.kind).toBe('person');
      expect((karimov.names as { full: string }[]).map((n) => n.full)).toEqual(expect.arrayContaining(['KARIMOV, Rustam Alievich', 'KARIMOV, Rustam']));
      expect(karimov.birth_dates).toEqual([{ year: 1971, month: 3, day: 14, granularity: 'day' }]);
    } finally {
      await tmp.cleanup();
    }
  });

  it('activates a changed list as a new version, superseding the old one and keeping entity ids', async () => {
    const tmp = await tempListDir();
    try {
      const file = await tmp.write('sdn.csv', ofacSdnCsv(OFAC_ROWS));
      const before = await importListFile(deps(), file);
      const changed = [...OFAC_ROWS.filter((r) => r.entNum !== 7004), { entNum: 7010, name: 'BRANDT, Helga', type: 'individual' as const }, { entNum: 7011, name: 'LEHMANN, Otto', type: 'individual' as const }];
      await tmp.write('sdn.csv', ofacSdnCsv(changed));
      const after = await importListFile(deps(), file);
      expect(after.status).toBe('activated');
      expect(after.versionId).not.toBe(before.versionId);
      expect(after.entityCount).toBe(6);

      const versions = await versionsOf('us_ofac_sdn');
      const old = versions.find((v) => v.id === before.versionId)!;
      const current = versions.find((v) => v.id === after.versionId)!;
      expect(old.status).toBe('superseded');
      expect(old.superseded_at).not.toBeNull();
      expect(current.status).toBe('active');
      expect(versions.filter((v) => v.status === 'active')).toHaveLength(1);
      expect(await activeEntityCount('us_ofac_sdn')).toBe(6);

      const ids = await tdb.db.selectFrom('list_entities').select(['id', 'source_id']).where('version_id', '=', after.versionId!).execute();
      const karimov = ids.find((r) => r.source_id === '7001')!;
      expect(karimov.id).toBe(stableEntityId('us_ofac_sdn', '7001'));
      expect(ids.some((r) => r.source_id === '7004')).toBe(false);
    } finally {
      await tmp.cleanup();
    }
  });

  it('fails a malformed file with its file and line, and keeps the previous version live', async () => {
    const activeBefore = (await listActiveVersions(tdb.db)).find((v) => v.slug === 'us_ofac_sdn')!;
    const countBefore = await activeEntityCount('us_ofac_sdn');
    const tmp = await tempListDir();
    try {
      const good = ofacSdnCsv(OFAC_ROWS.slice(0, 2));
      const file = await tmp.write('sdn.csv', `${good}7020,"UNCLOSED, Quote,"individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n`);
      const report = await importListFile(deps(), file);
      expect(report.status).toBe('failed');
      expect(report.error).toContain(file);
      expect(report.error).toMatch(/sdn\.csv:3\b/);

      const activeAfter = (await listActiveVersions(tdb.db)).find((v) => v.slug === 'us_ofac_sdn')!;
      expect(activeAfter.versionId).toBe(activeBefore.versionId);
      expect(await activeEntityCount('us_ofac_sdn')).toBe(countBefore);
      const failed = (await versionsOf('us_ofac_sdn')).find((v) => v.id === report.versionId)!;
      expect(failed).toMatchObject({ status: 'failed', entity_count: 0 });
      expect(failed.error).toContain('sdn.csv:3');
    } finally {
      await tmp.cleanup();
    }
  });

  it('never lets a reader see part of a list while a new version loads', async () => {
    const tmp = await tempListDir();
    try {
      await tmp.write('cons/cons_prim.csv', ofacSdnCsv(OFAC_ROWS.slice(0, 1)));
      const [small] = await importListDirectory(deps(), tmp.dir);
      expect(small).toMatchObject({ slug: 'us_ofac_cons', status: 'activated', entityCount: 1 });

      let observations = 0;
      const observed = new Set<number>();
      let loading = true;
      const reader = (async () => {
        while (loading) {
          observed.add(await activeEntityCount('us_ofac_cons'));
          observations += 1;
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      })();
      // The real 2021 SDN trio renamed as the consolidated list: 8,976 entities, five insert batches.
      const real = path.join(realListsDir, 'ofac_sdn_2021-07');
      for (const [from, to] of [['sdn.csv', 'cons_prim.csv'], ['alt.csv', 'cons_alt.csv'], ['add.csv', 'cons_add.csv']] as const) {
        await tmp.write(`big/${to}`, await readFile(path.join(real, from), 'latin1'));
      }
      const [big] = await importListDirectory(deps(), path.join(tmp.dir, 'big'));
      loading = false;
      await reader;
      observed.add(await activeEntityCount('us_ofac_cons'));
      expect(big).toMatchObject({ slug: 'us_ofac_cons', status: 'activated', entityCount: 8976 });
      expect(observations).toBeGreaterThan(3);
      // Every observation is the whole old list or the whole new one, never a part.
      expect([...observed].sort((a, b) => a - b)).toEqual([1, 8976]);
    } finally {
      await tmp.cleanup();
    }
  });
});
