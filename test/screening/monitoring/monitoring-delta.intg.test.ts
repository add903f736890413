/**
 * The delta a monitoring run screens against: entities new in a version or whose content changed
 * (by our stable ids; a remark alone is no change), every entity when there is no previous version
 * to compare (removed entities are in no delta). Versions an unfinished run still compares are not pruned; when
 * the previous version is gone anyway, a run screens against the whole new version and still finds
 * removals through the subjects' known hits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../activities/events/actor.model.js';
import { createScreeningMonitoringActivities } from '../../../activities/screening/monitoring/monitoring-run.activities.js';
import { createScreening, finishScreening } from '../../../activities/screening/screening.transitions.js';
import { runListScreening } from '../../../activities/screening/results/list-screening.js';
import { MatchIndexCache } from '../../../activities/screening/index-cache/match-index-cache.js';
import { changedEntities, listedEntityIds, versionEntitiesKept } from '../../../infra/db/repositories/list-versions.repository.js';
import { insertMonitoringRuns } from '../../../infra/db/repositories/screening-monitoring.repository.js';
import { silentLogger } from '../../support/test-config.js';
import { listPerson, testWatchlist } from '../support/monitoring-list.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let tdb: TestDatabase;
const { source, id, importVersion } = testWatchlist('test_watchlist', 'Test watchlist', () => tdb.db);
const person = (sourceId: string, full: string, remarks?: string) => listPerson(sourceId, full, remarks ? { remarks } : {});

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => tdb?.destroy());

describe('the delta of a list version', () => {
  it('holds new and changed entities, not unchanged ones, a changed remark nor removed ones', async () => {
    const v1 = await importVersion([person('a', 'Anna Unchanged'), person('b', 'Boris Before'), person('c', 'Clara Removed'), person('d', 'Dora Remark', 'old remark')], 'v1');
    const v2 = await importVersion([person('a', 'Anna Unchanged'), person('b', 'Boris After'), person('d', 'Dora Remark', 'new remark'), person('e', 'Emil New')], 'v2');
    const delta = await changedEntities(tdb.db, v2, v1);
    expect(delta.map((d) => [d.entity.id, d.added]).sort()).toEqual([[id('b'), false], [id('e'), true]].sort());
    expect(delta.find((d) => d.entity.id === id('b'))!.entity.names).toEqual([{ full: 'Boris After', alias_type: 'primary', strength: 'primary' }]);
    expect((await changedEntities(tdb.db, v2, null)).map((d) => d.entity.id).sort()).toEqual([id('a'), id('b'), id('d'), id('e')].sort());
    // A removed entity is in no delta; runs find removals through the subjects' known hits.
    expect(await listedEntityIds(tdb.db, v2, [id('a'), id('c'), id('e')])).toEqual(new Set([id('a'), id('e')]));
  });

  it('keeps the versions an unfinished monitoring run compares, and prunes them once it finished', async () => {
    const [v1] = (await tdb.db.selectFrom('list_versions').select('id').where('slug', '=', source.slug).orderBy('created_at').execute()).map((r) => r.id);
    const v2 = (await tdb.db.selectFrom('list_versions').select('id').where('slug', '=', source.slug).where('status', '=', 'active').executeTakeFirstOrThrow()).id;
    const [run] = await insertMonitoringRuns(tdb.db, [{ environment: 'staging', eventId: crypto.randomUUID(), listSlug: source.slug, listType: 'watchlist', versionId: v2, previousVersionId: v1! }]);
    await importVersion([person('a', 'Anna Unchanged'), person('e', 'Emil New')], 'v3');
    expect(await versionEntitiesKept(tdb.db, v1!)).toBe(true);
    await tdb.db.updateTable('screening_monitoring_runs').set({ status: 'completed' }).where('id', '=', run!.id).execute();
    await importVersion([person('a', 'Anna Unchanged'), person('e', 'Emil New'), person('f', 'Fritz Fourth')], 'v4');
    expect(await versionEntitiesKept(tdb.db, v1!)).toBe(false);
  });
});

describe('a run whose previous version was pruned', () => {
  it('screens against the whole new version and still reports removals through known hits', async () => {
    const actor = systemActor('test');
    const cache = new MatchIndexCache({ db: tdb.db, logger: silentLogger });
    // A subject known to match Emil (in v3 and v4), monitored; and one whose name (Gustav Fifth) is listed only in v5.
    const emil = await createScreening(tdb.db, actor, { environment: 'staging', type: 'screening/watchlist', executionMode: 'async', query: { name_first: 'Emil', name_last: 'New' }, ignoreList: [], accountId: null, businessId: null, monitor: true });
    await finishScreening(tdb.db, actor, 'staging', emil.id, await runListScreening(cache, 'screening/watchlist', emil.query, []), new Date());
    const gustav = await createScreening(tdb.db, actor, { environment: 'staging', type: 'screening/watchlist', executionMode: 'async', query: { name_first: 'Gustav', name_last: 'Fifth' }, ignoreList: [], accountId: null, businessId: null, monitor: true });
    await finishScreening(tdb.db, actor, 'staging', gustav.id, await runListScreening(cache, 'screening/watchlist', gustav.query, []), new Date());
    expect((await tdb.db.selectFrom('screening_monitor_hits').select('entity_id').where('monitored_screening_id', '=', emil.id).execute()).map((h) => h.entity_id)).toEqual([id('e')]);

    const v4 = (await tdb.db.selectFrom('list_versions').select('id').where('slug', '=', source.slug).where('status', '=', 'active').executeTakeFirstOrThrow()).id;
    const v5 = await importVersion([person('a', 'Anna Unchanged'), person('g', 'Gustav Fifth')], 'v5');
    await tdb.db.deleteFrom('list_entities').where('version_id', '=', v4).execute();
    await tdb.db.updateTable('list_versions').set({ entities_pruned_at: new Date() }).where('id', '=', v4).execute();
    const [run] = await insertMonitoringRuns(tdb.db, [{ environment: 'staging', eventId: crypto.randomUUID(), listSlug: source.slug, listType: 'watchlist', versionId: v5, previousVersionId: v4 }]);

    const summary = await createScreeningMonitoringActivities({ db: tdb.db, clock: () => new Date(), logger: silentLogger }).runScreeningMonitoring({ runId: run!.id });
    expect(summary).toMatchObject({ mode: 'full', changedEntities: 2, removedEntities: 1, subjectsScreened: 2, screeningsCreated: 2 });
    const reports = await tdb.db.selectFrom('screenings').selectAll().where('origin', '=', 'monitoring').execute();
    const byMonitored = new Map(reports.map((r) => [r.monitored_screening_id, r]));
    expect(byMonitored.get(emil.id)!.monitoring).toMatchObject({ mode: 'full', new_entity_ids: [], removed_entities: [{ id: id('e'), source_id: 'e', list_slug: source.slug, name: 'Emil New' }] });
    expect(byMonitored.get(gustav.id)!.monitoring).toMatchObject({ new_entity_ids: [id('g')], removed_entities: [] });
    expect((await tdb.db.selectFrom('screening_monitoring_runs').selectAll().where('id', '=', run!.id).executeTakeFirstOrThrow()).status).toBe('completed');

    // Run again (a retried activity): nothing is reported twice.
    await tdb.db.updateTable('screening_monitoring_runs').set({ status: 'running' }).where('id', '=', run!.id).execute();
    await createScreeningMonitoringActivities({ db: tdb.db, clock: () => new Date(), logger: silentLogger }).runScreeningMonitoring({ runId: run!.id });
    expect((await tdb.db.selectFrom('screenings').select('id').where('origin', '=', 'monitoring').execute()).length).toBe(2);
  });
});
