/**
 * The known hits of monitored subjects across runs: a subject's removals all go into its one
 * monitoring screening of a run, however the removal lookups are paged; and switching monitoring
 * off and on again keeps what monitoring has reported since (a removal already reported is not
 * reported again; a hit a monitoring screening reported stays known). Runs are the real monitoring
 * activity over a real database, with page sizes small enough to cut inside one subject's hits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../activities/events/actor.model.js';
import { MatchIndexCache } from '../../../activities/screening/index-cache/match-index-cache.js';
import { createScreeningMonitoringActivities } from '../../../activities/screening/monitoring/monitoring-run.activities.js';
import { runListScreening } from '../../../activities/screening/results/list-screening.js';
import { createScreening, finishScreening, setScreeningMonitoring } from '../../../activities/screening/screening.transitions.js';
import { insertMonitoringRuns } from '../../../infra/db/repositories/screening-monitoring.repository.js';
import type { ScreeningRow } from '../../../infra/db/tables/screenings.table.js';
import { silentLogger } from '../../support/test-config.js';
import { listPerson, testWatchlist } from '../support/monitoring-list.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let tdb: TestDatabase;
let cache: MatchIndexCache;
const actor = systemActor('test');
const { source, id, importVersion } = testWatchlist('test_known_hits', 'Test known hits', () => tdb.db);
const person = (sourceId: string, full: string, aliases: string[] = []) => listPerson(sourceId, full, { aliases });
const NAMESAKES = ['h1', 'h2', 'h3'];
const hans = NAMESAKES.map((s) => person(s, 'Hans Zimmermann'));
const anna = person('a', 'Anna Unchanged');

beforeAll(async () => {
  tdb = await createTestDatabase();
  cache = new MatchIndexCache({ db: tdb.db, logger: silentLogger });
});
afterAll(async () => tdb?.destroy());

/** A monitored watchlist screening, completed against the active lists (its hits become known hits). */
async function monitoredSubject(name_first: string, name_last: string): Promise<ScreeningRow> {
  const query = { name_first, name_last };
  const row = await createScreening(tdb.db, actor, { environment: 'staging', type: 'screening/watchlist', executionMode: 'async', query, ignoreList: [], accountId: null, businessId: null, monitor: true });
  return (await finishScreening(tdb.db, actor, 'staging', row.id, await runListScreening(cache, 'screening/watchlist', query, []), new Date()))!;
}

/** Runs monitoring for an activated version with tiny pages: one subject, two known-hit rows a page. */
async function runMonitoring(versionId: string, previousVersionId: string) {
  const [run] = await insertMonitoringRuns(tdb.db, [{ environment: 'staging', eventId: crypto.randomUUID(), listSlug: source.slug, listType: 'watchlist', versionId, previousVersionId }]);
  const activities = createScreeningMonitoringActivities({ db: tdb.db, clock: () => new Date(), logger: silentLogger }, { subjectPageSize: 1, removalPageSize: 2 });
  return activities.runScreeningMonitoring({ runId: run!.id });
}

async function reportsOn(monitoredId: string) {
  return tdb.db.selectFrom('screenings').selectAll().where('monitored_screening_id', '=', monitoredId).orderBy('created_at').execute();
}

async function knownHitsOf(monitoredId: string) {
  return tdb.db.selectFrom('screening_monitor_hits').selectAll().where('monitored_screening_id', '=', monitoredId).orderBy('entity_id').execute();
}

const removedIds = (row: ScreeningRow) => ((row.monitoring as { removed_entities: { id: string }[] }).removed_entities ?? []).map((e) => e.id).sort();

describe('known hits across monitoring runs', () => {
  let v1: string;
  let v2: string;
  let first: ScreeningRow;
  let second: ScreeningRow;
  let nina: ScreeningRow;

  it('reports every removal of a subject in its one monitoring screening, even when a lookup page ends inside its hits', async () => {
    v1 = await importVersion([...hans, anna], 'v1');
    // Two subjects with three known hits each: pages of two rows end inside each subject's hits.
    first = await monitoredSubject('Hans', 'Zimmermann');
    second = await monitoredSubject('Hans', 'Zimmermann');
    nina = await monitoredSubject('Nina', 'Neumeister');
    for (const subject of [first, second]) expect((await knownHitsOf(subject.id)).map((h) => h.entity_id)).toEqual(NAMESAKES.map(id).sort());
    expect(await knownHitsOf(nina.id)).toEqual([]);

    // Version 2: the three namesakes delisted, Nina Neumeister listed.
    v2 = await importVersion([anna, person('n', 'Nina Neumeister')], 'v2');
    const summary = await runMonitoring(v2, v1);
    expect(summary).toMatchObject({ mode: 'delta', changedEntities: 1, removedEntities: 6, subjectsScreened: 3, screeningsCreated: 3 });

    for (const subject of [first, second]) {
      const reports = await reportsOn(subject.id);
      expect(reports).toHaveLength(1);
      expect(removedIds(reports[0]!)).toEqual(NAMESAKES.map(id).sort());
      expect((await knownHitsOf(subject.id)).every((h) => h.removed_in_version_id === v2)).toBe(true);
    }
    const [ninaReport, ...more] = await reportsOn(nina.id);
    expect(more).toEqual([]);
    expect(ninaReport!.monitoring).toMatchObject({ new_entity_ids: [id('n')], removed_entities: [] });
  });

  it('keeps what monitoring reported when monitoring is switched off and on again: no removal twice, reported hits still known', async () => {
    for (const subject of [first, nina]) {
      await setScreeningMonitoring(tdb.db, actor, 'staging', subject.id, false, new Date());
      await setScreeningMonitoring(tdb.db, actor, 'staging', subject.id, true, new Date());
    }
    // The original result's hits are still the ones reported removed in version 2.
    expect((await knownHitsOf(first.id)).map((h) => [h.entity_id, h.removed_in_version_id])).toEqual(NAMESAKES.map(id).sort().map((e) => [e, v2]));
    // The hit a monitoring screening reported stays known, as reported by that screening.
    const [ninaHit, ...others] = await knownHitsOf(nina.id);
    expect(others).toEqual([]);
    expect(ninaHit).toMatchObject({ entity_id: id('n'), removed_in_version_id: null, reported_screening_id: (await reportsOn(nina.id))[0]!.id });

    // Version 3: Nina's entity changes (an alias), nothing else. Neither subject has anything new.
    const v3 = await importVersion([anna, person('n', 'Nina Neumeister', ['Nina Neumeister-Roth'])], 'v3');
    const summary = await runMonitoring(v3, v2);
    expect(summary).toMatchObject({ mode: 'delta', changedEntities: 1, removedEntities: 0, screeningsCreated: 0 });
    expect(await reportsOn(first.id)).toHaveLength(1);
    expect(await reportsOn(second.id)).toHaveLength(1);
    expect(await reportsOn(nina.id)).toHaveLength(1);
  });
});
