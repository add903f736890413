/**
 * Subjects whose own screening is still running when a monitoring run reaches them: the run defers
 * them and waits for their results. One computed against the run's version covers the delta (no
 * duplicate report); one computed against an older version does not (the delta hit and the removal
 * its late known hits reveal are reported); one still running after the wait is screened anyway.
 * Runs are the real monitoring activity (in a mock activity context, whose heartbeats tell when a
 * subject was deferred) over a real database; the subjects finish through the real completion path.
 * A retried attempt gets the deferred subjects from the heartbeat of the one before.
 */
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../activities/events/actor.model.js';
import { MatchIndexCache } from '../../../activities/screening/index-cache/match-index-cache.js';
import { createScreeningMonitoringActivities, type MonitoringProgress, type MonitoringRunSummary } from '../../../activities/screening/monitoring/monitoring-run.activities.js';
import { runListScreening } from '../../../activities/screening/results/list-screening.js';
import { createScreening, finishScreening, startScreening } from '../../../activities/screening/screening.transitions.js';
import { insertMonitoringRuns } from '../../../infra/db/repositories/screening-monitoring.repository.js';
import type { ScreeningRow } from '../../../infra/db/tables/screenings.table.js';
import { silentLogger } from '../../support/test-config.js';
import { listPerson, testWatchlist } from '../support/monitoring-list.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let tdb: TestDatabase;
let cache: MatchIndexCache;
const actor = systemActor('test');
const { source, id, importVersion } = testWatchlist('test_deferred', 'Test deferred', () => tdb.db);
const person = listPerson;
const anna = person('a', 'Anna Unchanged');
const greta = person('g', 'Greta Lindqvist');
const henrikOld = person('h1', 'Henrik Falkenberg');
const henrikNew = person('h2', 'Henrik Falkenberg');

beforeAll(async () => {
  tdb = await createTestDatabase();
  cache = new MatchIndexCache({ db: tdb.db, logger: silentLogger });
});
afterAll(async () => tdb?.destroy());

/** A monitored watchlist screening its workflow has started (processing, no result, no known hits). */
async function runningSubject(name_first: string, name_last: string): Promise<ScreeningRow> {
  const row = await createScreening(tdb.db, actor, { environment: 'staging', type: 'screening/watchlist', executionMode: 'async', query: { name_first, name_last }, ignoreList: [], accountId: null, businessId: null, monitor: true });
  return (await startScreening(tdb.db, actor, 'staging', row.id, new Date()))!;
}

/**
 * Starts a monitoring run of an activated version; `deferred` settles true once a heartbeat shows
 * the subject deferred, false when the run ended first (it never deferred it).
 */
async function startRun(versionId: string, previousVersionId: string, subjectId: string, deferredWaitMs: number, resumeFrom?: MonitoringProgress) {
  const [run] = await insertMonitoringRuns(tdb.db, [{ environment: 'staging', eventId: crypto.randomUUID(), listSlug: source.slug, listType: 'watchlist', versionId, previousVersionId }]);
  const activities = createScreeningMonitoringActivities({ db: tdb.db, clock: () => new Date(), logger: silentLogger }, { subjectPageSize: 2, deferredWaitMs });
  const env = new MockActivityEnvironment(resumeFrom ? { heartbeatDetails: resumeFrom } : {});
  const seen = new Promise<true>((resolve) => env.on('heartbeat', (d: MonitoringProgress) => d.deferred?.includes(subjectId) && resolve(true)));
  const done: Promise<MonitoringRunSummary> = env.run(activities.runScreeningMonitoring, { runId: run!.id });
  const deferred = Promise.race([seen, done.then(() => false as const)]);
  return { done, deferred };
}

async function reportsOn(monitoredId: string) {
  return tdb.db.selectFrom('screenings').selectAll().where('monitored_screening_id', '=', monitoredId).execute();
}

const versionIdsOf = (row: ScreeningRow) => (row.list_versions as { slug: string; version_id: string }[]).filter((v) => v.slug === source.slug).map((v) => v.version_id);
const entityIdsOf = (row: ScreeningRow) => (row.matched_lists as { entities: { id: string }[] }[]).flatMap((l) => l.entities.map((e) => e.id));

describe('a monitored subject whose own screening is running when a version activates', () => {
  let v2: string;

  it('is not reported when its own result, computed against the run\'s version, holds the delta hit', async () => {
    const v1 = await importVersion([anna], 'v1');
    const subject = await runningSubject('Greta', 'Lindqvist');
    v2 = await importVersion([anna, greta], 'v2');

    const { done, deferred } = await startRun(v2, v1, subject.id, 60_000);
    const reachedWait = await deferred;
    // Its workflow now finishes against the active list (version 2), recording its known hits.
    const own = (await finishScreening(tdb.db, actor, 'staging', subject.id, await runListScreening(cache, 'screening/watchlist', subject.query, []), new Date()))!;
    expect(versionIdsOf(own)).toEqual([v2]);
    expect(entityIdsOf(own)).toEqual([id('g')]);
    const summary = await done;

    expect(await reportsOn(subject.id)).toEqual([]);
    expect(reachedWait).toBe(true);
    expect(summary).toMatchObject({ mode: 'delta', changedEntities: 1, screeningsCreated: 0 });
  });

  it('is screened against the delta when its own result was computed against the previous version, its late removals reported too', async () => {
    const v3 = await importVersion([anna, greta, henrikOld], 'v3');
    const subject = await runningSubject('Henrik', 'Falkenberg');
    // Its workflow matched against version 3 (hitting the entity version 4 drops) before version 4 activated.
    const againstV3 = await runListScreening(cache, 'screening/watchlist', subject.query, []);
    const v4 = await importVersion([anna, greta, henrikNew], 'v4');

    const { done, deferred } = await startRun(v4, v3, subject.id, 60_000);
    const reachedWait = await deferred;
    const own = (await finishScreening(tdb.db, actor, 'staging', subject.id, againstV3, new Date()))!;
    expect(versionIdsOf(own)).toEqual([v3]);
    expect(entityIdsOf(own)).toEqual([id('h1')]);
    const summary = await done;

    const [report, ...more] = await reportsOn(subject.id);
    expect(more).toEqual([]);
    expect(report!.monitoring).toMatchObject({ list_version_id: v4, new_entity_ids: [id('h2')], removed_entities: [{ id: id('h1') }] });
    expect(entityIdsOf(report!)).toEqual([id('h2')]);
    expect(reachedWait).toBe(true);
    expect(summary).toMatchObject({ mode: 'delta', screeningsCreated: 1, removalsReported: 1 });
    const known = await tdb.db.selectFrom('screening_monitor_hits').select(['entity_id', 'removed_in_version_id']).where('monitored_screening_id', '=', subject.id).orderBy('entity_id').execute();
    expect(known).toEqual([{ entity_id: id('h1'), removed_in_version_id: v4 }, { entity_id: id('h2'), removed_in_version_id: null }].sort((a, b) => a.entity_id.localeCompare(b.entity_id)));
  });

  it('is screened anyway when its own screening is still running after the wait (a duplicate at worst, never a miss)', async () => {
    const v4 = (await tdb.db.selectFrom('list_versions').select('id').where('slug', '=', source.slug).where('status', '=', 'active').executeTakeFirstOrThrow()).id;
    const subject = await runningSubject('Ingrid', 'Solberg');
    const v5 = await importVersion([anna, greta, henrikNew, person('i', 'Ingrid Solberg')], 'v5');

    const { done, deferred } = await startRun(v5, v4, subject.id, 1500);
    expect(await deferred).toBe(true);
    const summary = await done;

    const [report, ...more] = await reportsOn(subject.id);
    expect(more).toEqual([]);
    expect(report!.monitoring).toMatchObject({ list_version_id: v5, new_entity_ids: [id('i')] });
    expect(summary).toMatchObject({ mode: 'delta', screeningsCreated: 1 });
    const still = await tdb.db.selectFrom('screenings').select('status').where('id', '=', subject.id).executeTakeFirstOrThrow();
    expect(still.status).toBe('processing');
  });

  it('is screened by a retried attempt that resumes after the pages the failed one stored, from the deferred ids its heartbeat carried', async () => {
    const v5 = (await tdb.db.selectFrom('list_versions').select('id').where('slug', '=', source.slug).where('status', '=', 'active').executeTakeFirstOrThrow()).id;
    const subject = await runningSubject('Jonas', 'Weidmann');
    const v6 = await importVersion([anna, greta, henrikNew, person('i', 'Ingrid Solberg'), person('j', 'Jonas Weidmann')], 'v6');
    // The earlier attempt read every page (deferring Jonas) and failed before its wait ended.
    const heartbeat: MonitoringProgress = { afterId: 'ffffffff-ffff-ffff-ffff-ffffffffffff', screened: 3, created: 0, removals: 0, deferred: [subject.id] };

    const { done } = await startRun(v6, v5, subject.id, 1500, heartbeat);
    expect(await done).toMatchObject({ mode: 'delta', subjectsScreened: 4, screeningsCreated: 1 });
    const [report, ...more] = await reportsOn(subject.id);
    expect(more).toEqual([]);
    expect(report!.monitoring).toMatchObject({ list_version_id: v6, new_entity_ids: [id('j')] });
  });
});
