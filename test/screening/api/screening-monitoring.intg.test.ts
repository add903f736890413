/**
 * Ongoing monitoring end to end, through real imports of the UN consolidated list: monitored
 * subjects are re-screened against each activated version's delta (run by the monitoring consumer
 * of the event log and its workflow); a new hit and a removed entity become monitoring screenings
 * with their events; nothing is reported twice; unmonitored subjects, cleared entities and the
 * other environment's subjects are left alone; PATCH stops monitoring.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableEntityId } from '../../../activities/screening/list-store/entity-id.js';
import { importListDirectory } from '../../../activities/screening/list-store/import-list-files.js';
import { screeningDocument } from '../../../api/screenings/screening.schemas.js';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { screeningMonitoringWorkflowId } from '../../../workflows/screening-monitoring/screening-monitoring.contract.js';
import { screeningWorkflowId } from '../../../workflows/screening/screening.contract.js';
import { tempListDir } from '../support/list-files.js';
import { personBody, silentLogger, startScreeningContext, type ScreeningTestContext } from '../support/screening-test-context.js';
import { unListVersion, type UnChanges } from '../support/un-list-versions.js';
import { recordHistory } from '../support/workflow-histories.js';

const SLUG = 'un_sc_sanctions';
const REMOVED = { dataId: '6907993', id: stableEntityId(SLUG, '6907993') }; // ERIC BADEGE
const CHANGED = { dataId: '6907994', id: stableEntityId(SLUG, '6907994') }; // FRANK KAKOLELE BWAMBALE
const NEW = { dataId: '9990001', id: stableEntityId(SLUG, '9990001') };
const NAMESAKE = { dataId: '9990002', id: stableEntityId(SLUG, '9990002') };
const MARTA = { name_first: 'Marta', name_last: 'Kowalczyk Nowak' };

let ctx: ScreeningTestContext;
let files: Awaited<ReturnType<typeof tempListDir>>;
let versionNo = 0;

beforeAll(async () => {
  ctx = await startScreeningContext({ monitoring: true });
  files = await tempListDir();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await files?.cleanup();
});

async function importUn(changes: Omit<UnChanges, 'generated'>): Promise<string> {
  versionNo += 1;
  await files.write(`v${versionNo}/UN_consolidated.xml`, await unListVersion({ ...changes, generated: `2026-12-0${versionNo}T00:00:00.000Z` }));
  const [report] = await importListDirectory({ db: ctx.tdb.db, logger: silentLogger, clock: () => new Date() }, `${files.dir}/v${versionNo}`);
  expect(report).toMatchObject({ slug: SLUG, status: 'activated' });
  await consumerPassed(report!.versionId!);
  return report!.versionId!;
}

/**
 * Waits until the monitoring consumer has read the version's activation events: the monitored
 * subjects a test creates next are then not screened by that version's run while their own
 * screening is still running (that run would see them with no known hits yet).
 */
async function consumerPassed(versionId: string) {
  const last = await ctx.tdb.db.selectFrom('events').select((eb) => eb.fn.max('sequence').as('sequence')).where('type', '=', 'list_version.activated').where('resource_id', '=', versionId).executeTakeFirstOrThrow();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const cursor = await ctx.tdb.db.selectFrom('event_consumers').select('last_sequence').where('name', '=', 'screening_monitoring').executeTakeFirst();
    if (cursor && BigInt(cursor.last_sequence) >= BigInt(last.sequence!)) return;
    if (Date.now() > deadline) throw new Error(`the monitoring consumer has not read the activation of ${versionId}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until every run of this version has finished; returns them. */
async function runsOf(versionId: string, expected: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const runs = await ctx.tdb.db.selectFrom('screening_monitoring_runs').selectAll().where('version_id', '=', versionId).execute();
    if (runs.length === expected && runs.every((r) => r.status === 'completed' || r.status === 'failed')) return runs;
    if (Date.now() > deadline) throw new Error(`monitoring runs of ${versionId}: ${JSON.stringify(runs.map((r) => r.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function screen(key: string, query: Record<string, unknown>, extra: Record<string, unknown> = { monitor: true }) {
  const res = await ctx.api.request('POST', '/v1/screenings', { key, body: personBody('screening/watchlist', query, { execution_mode: 'sync', ...extra }) });
  expect(res.status).toBe(201);
  expect(res.body.data.attributes.status).toBe('completed');
  return res.body.data;
}

async function reportsOn(key: string, monitoredId: string) {
  const rows = await ctx.tdb.db.selectFrom('screenings').select('id').where('monitored_screening_id', '=', monitoredId).orderBy('created_at').execute();
  return Promise.all(
    rows.map(async (r) => {
      const res = await ctx.api.request('GET', `/v1/screenings/${r.id}`, { key });
      expect(res.status).toBe(200);
      expect(screeningDocument.safeParse(res.body).success).toBe(true);
      return res.body.data;
    }),
  );
}

describe('ongoing monitoring', () => {
  it('reports new hits and removed entities of each new list version, once, to monitored subjects only', async () => {
    await importUn({});
    const known = await screen(ctx.keys.staging, { name_first: 'Frank Kakolele', name_last: 'Bwambale' });
    expect(known.attributes.monitor).toBe(true);
    // The first screening after the import: its index is built first (processing recorded before the wait).
    await recordHistory(ctx.temporal.client, screeningWorkflowId(known.id), 'screening-local-run-completed');
    expect(known.attributes.matched_lists[0].entities.map((e: { id: string }) => e.id)).toContain(CHANGED.id);
    const marta = await screen(ctx.keys.staging, MARTA);
    expect(marta.attributes.has_match).toBe(false);
    const badege = await screen(ctx.keys.staging, { name_first: 'Eric', name_last: 'Badege' });
    expect(badege.attributes.matched_lists[0].entities[0].id).toBe(REMOVED.id);
    const unmonitored = await screen(ctx.keys.staging, MARTA, { monitor: false });
    const cleared = await screen(ctx.keys.staging, MARTA, { monitor: true, ignore_list: [NEW.id] });
    const production = await screen(ctx.keys.production, MARTA);

    // Version 2: Badege delisted, an alias added to Kakolele, Marta Kowalczyk Nowak listed.
    const v2 = await importUn({ remove: [REMOVED.dataId], addAlias: [{ dataId: CHANGED.dataId, alias: 'KAKOLELE FRANK' }], add: [{ dataId: NEW.dataId, first: 'MARTA', second: 'KOWALCZYK NOWAK' }] });
    const runs = await runsOf(v2, 2);
    const staging = runs.find((r) => r.environment === 'staging')!;
    expect(staging).toMatchObject({ status: 'completed', list_slug: SLUG, list_type: 'sanctions', subjects_screened: '4', screenings_created: 2 });
    expect(staging.delta).toMatchObject({ mode: 'delta', changed: 2, added: 1 });
    await recordHistory(ctx.temporal.client, screeningMonitoringWorkflowId(staging.id), 'screening-monitoring-run');

    const [hit, ...moreHits] = await reportsOn(ctx.keys.staging, marta.id);
    expect(moreHits).toEqual([]);
    expect(hit.attributes).toMatchObject({
      status: 'completed', origin: 'monitoring', monitor: false, has_match: true, query: MARTA,
      monitoring: { list_slug: SLUG, list_version_id: v2, mode: 'delta', new_entity_ids: [NEW.id], removed_entities: [] },
    });
    expect(hit.relationships.monitored_screening).toEqual({ data: { type: 'screening', id: marta.id } });
    expect(hit.attributes.matched_lists).toHaveLength(1);
    expect(hit.attributes.matched_lists[0]).toMatchObject({ slug: SLUG, entities: [expect.objectContaining({ id: NEW.id, source_id: NEW.dataId, name: 'MARTA KOWALCZYK NOWAK' })] });
    expect(hit.attributes.list_versions).toEqual([expect.objectContaining({ slug: SLUG, version_id: v2 })]);
    const events = await eventsOfResource(ctx.tdb.db, hit.id);
    expect(events.map((e) => e.type)).toEqual(['screening.pending', 'screening.processing', 'screening.completed']);
    expect(events[2]!.payload).toMatchObject({ origin: 'monitoring', monitored_screening_id: marta.id, has_match: true, matched_list_slugs: [SLUG] });

    const [removal, ...moreRemovals] = await reportsOn(ctx.keys.staging, badege.id);
    expect(moreRemovals).toEqual([]);
    expect(removal.attributes).toMatchObject({
      origin: 'monitoring', has_match: false, matched_lists: [],
      monitoring: { new_entity_ids: [], removed_entities: [{ id: REMOVED.id, source_id: REMOVED.dataId, list_slug: SLUG, name: 'ERIC BADEGE' }] },
    });
    expect(await reportsOn(ctx.keys.staging, known.id)).toEqual([]); // changed, but already known
    expect(await reportsOn(ctx.keys.staging, unmonitored.id)).toEqual([]);
    expect(await reportsOn(ctx.keys.staging, cleared.id)).toEqual([]);
    expect(await reportsOn(ctx.keys.production, production.id)).toHaveLength(1);
    // A staging key does not see the production subject's report.
    const productionReport = (await ctx.tdb.db.selectFrom('screenings').select('id').where('monitored_screening_id', '=', production.id).executeTakeFirstOrThrow()).id;
    expect((await ctx.api.request('GET', `/v1/screenings/${productionReport}`, { key: ctx.keys.staging })).status).toBe(404);

    // Version 3: Badege listed again (new again for his subject), nothing else changes.
    const v3 = await importUn({ addAlias: [{ dataId: CHANGED.dataId, alias: 'KAKOLELE FRANK' }], add: [{ dataId: NEW.dataId, first: 'MARTA', second: 'KOWALCZYK NOWAK' }] });
    const [v3staging] = (await runsOf(v3, 2)).filter((r) => r.environment === 'staging');
    expect(v3staging!.delta).toMatchObject({ mode: 'delta', changed: 1, added: 1 });
    const badegeReports = await reportsOn(ctx.keys.staging, badege.id);
    expect(badegeReports).toHaveLength(2);
    expect(badegeReports[1].attributes).toMatchObject({ has_match: true, monitoring: { new_entity_ids: [REMOVED.id], removed_entities: [] } });
    expect(await reportsOn(ctx.keys.staging, marta.id)).toHaveLength(1);

    // Monitoring stopped for one subject: a namesake listed in version 4 reaches only the others.
    const stop = await ctx.api.request('PATCH', `/v1/screenings/${marta.id}`, { key: ctx.keys.staging, body: { data: { attributes: { monitor: false } } } });
    expect(stop.status).toBe(200);
    expect(stop.body.data.attributes.monitor).toBe(false);
    expect((await eventsOfResource(ctx.tdb.db, marta.id)).map((e) => e.type).at(-1)).toBe('screening.monitoring_stopped');
    const v4 = await importUn({ addAlias: [{ dataId: CHANGED.dataId, alias: 'KAKOLELE FRANK' }], add: [{ dataId: NEW.dataId, first: 'MARTA', second: 'KOWALCZYK NOWAK' }, { dataId: NAMESAKE.dataId, first: 'MARTA', second: 'KOWALCZYK NOWAK', birthYear: 1980 }] });
    await runsOf(v4, 2);
    expect(await reportsOn(ctx.keys.staging, marta.id)).toHaveLength(1);
    const [clearedReport, ...moreCleared] = await reportsOn(ctx.keys.staging, cleared.id);
    expect(moreCleared).toEqual([]);
    expect(clearedReport.attributes.monitoring.new_entity_ids).toEqual([NAMESAKE.id]);
  }, 180_000);

  it('PATCH switches monitoring on and off with its events; adverse media and another environment refuse', async () => {
    const subject = await screen(ctx.keys.staging, MARTA, { monitor: false });
    const on = await ctx.api.request('PATCH', `/v1/screenings/${subject.id}`, { key: ctx.keys.staging, body: { data: { type: 'screening/watchlist', id: subject.id, attributes: { monitor: true } } } });
    expect(on.status).toBe(200);
    expect(screeningDocument.safeParse(on.body).success).toBe(true);
    expect(on.body.data.attributes.monitor).toBe(true);
    const again = await ctx.api.request('PATCH', `/v1/screenings/${subject.id}`, { key: ctx.keys.staging, body: { data: { attributes: { monitor: true } } } });
    expect(again.status).toBe(200);
    const off = await ctx.api.request('PATCH', `/v1/screenings/${subject.id}`, { key: ctx.keys.staging, body: { data: { attributes: { monitor: false } } } });
    expect(off.body.data.attributes.monitor).toBe(false);
    expect((await eventsOfResource(ctx.tdb.db, subject.id)).map((e) => e.type)).toEqual([
      'screening.pending', 'screening.processing', 'screening.completed', 'screening.monitoring_started', 'screening.monitoring_stopped',
    ]);
    // Monitoring started on a completed screening takes its hits as known (nothing reported for them).
    const hits = await ctx.tdb.db.selectFrom('screening_monitor_hits').selectAll().where('monitored_screening_id', '=', subject.id).execute();
    expect(hits.map((h) => h.entity_id).sort()).toEqual([NAMESAKE.id, NEW.id].sort());

    expect((await ctx.api.request('PATCH', `/v1/screenings/${subject.id}`, { key: ctx.keys.production, body: { data: { attributes: { monitor: false } } } })).status).toBe(404);
    expect((await ctx.api.request('PATCH', `/v1/screenings/${subject.id}`, { key: ctx.keys.readOnly, body: { data: { attributes: { monitor: false } } } })).status).toBe(403);
    const bad = await ctx.api.request('PATCH', `/v1/screenings/${subject.id}`, { key: ctx.keys.staging, body: { data: { attributes: { monitor: 'yes' } } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/data/attributes/monitor');

    // data.type and data.id, when given, must name this screening (JSON:API: 409 Conflict otherwise).
    const patch = (data: Record<string, unknown>) => ctx.api.request('PATCH', `/v1/screenings/${subject.id}`, { key: ctx.keys.staging, body: { data: { ...data, attributes: { monitor: true } } } });
    const notAType = await patch({ type: 'account' });
    expect(notAType.status).toBe(422);
    expect(notAType.body.errors[0].source.pointer).toBe('/data/type');
    const otherType = await patch({ type: 'screening/politically-exposed-person' });
    expect(otherType.status).toBe(409);
    expect(otherType.body.errors[0]).toMatchObject({ code: 'type_mismatch', source: { pointer: '/data/type' } });
    const otherId = await patch({ type: 'screening/watchlist', id: '00000000-0000-4000-8000-000000000001' });
    expect(otherId.status).toBe(409);
    expect(otherId.body.errors[0]).toMatchObject({ code: 'id_mismatch', source: { pointer: '/data/id' } });
    expect((await ctx.api.request('GET', `/v1/screenings/${subject.id}`, { key: ctx.keys.staging })).body.data.attributes.monitor).toBe(false);
    expect((await eventsOfResource(ctx.tdb.db, subject.id)).map((e) => e.type).at(-1)).toBe('screening.monitoring_stopped');
    // The generic type (as relationships name a screening) and the same id in capitals name it too.
    const generic = await patch({ type: 'screening', id: subject.id.toUpperCase() });
    expect(generic.status).toBe(200);
    expect(generic.body.data.attributes.monitor).toBe(true);
    expect((await patch({ type: 'screening/watchlist', id: subject.id })).status).toBe(200);

    const media = await ctx.api.request('POST', '/v1/screenings', {
      key: ctx.keys.staging,
      body: { data: { type: 'screening/business-adverse-media', attributes: { query: { business_name: 'Acme', country: 'GB' }, monitor: true } } },
    });
    expect(media.status).toBe(422);
    expect(media.body.errors[0]).toMatchObject({ code: 'monitoring_not_supported', source: { pointer: '/data/attributes/monitor' } });
  }, 60_000);
});
