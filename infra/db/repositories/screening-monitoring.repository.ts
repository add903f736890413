/**
 * Data access for ongoing monitoring: the known hits of monitored subjects, the monitored subjects
 * themselves (read in id order, resumable), monitoring screenings (inserted finished, once per run
 * and subject) and the runs (one per activated list version and environment).
 */
import { sql } from 'kysely';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type { ScreeningMonitoringRunRow } from '../tables/screening-monitoring.table.js';
import type { ScreeningRow } from '../tables/screenings.table.js';
import type { ScreeningResultColumns } from './screenings.repository.js';

export interface NewMonitorHit {
  environment: Environment;
  monitoredScreeningId: string;
  entityId: string;
  listSlug: string;
  entitySourceId: string;
  entityName: string;
  reportedScreeningId: string;
}

/**
 * Records known hits. `keep`: an entity the subject already knows keeps its state — its removal
 * mark and the screening that reported it (a result recorded again, or monitoring switched back on,
 * must not undo what monitoring has reported since). `relist`: a monitoring screening reported the
 * entity as a new hit, so a removed one is known and listed again.
 */
export async function insertMonitorHits(db: Executor, hits: readonly NewMonitorHit[], onKnown: 'keep' | 'relist'): Promise<void> {
  if (hits.length === 0) return;
  await db
    .insertInto('screening_monitor_hits')
    .values(hits.map((h) => ({
      environment: h.environment, monitored_screening_id: h.monitoredScreeningId, entity_id: h.entityId, list_slug: h.listSlug,
      entity_source_id: h.entitySourceId, entity_name: h.entityName, reported_screening_id: h.reportedScreeningId,
    })))
    .onConflict((oc) => {
      const known = oc.columns(['monitored_screening_id', 'entity_id']);
      return onKnown === 'keep' ? known.doNothing() : known.doUpdateSet({ removed_in_version_id: null, reported_screening_id: (eb) => eb.ref('excluded.reported_screening_id') });
    })
    .execute();
}

/** Every entity each of these subjects is known to match (removed ones included: a relisting is new again only once removed). */
export async function knownHits(db: Executor, monitoredIds: readonly string[]): Promise<Map<string, Map<string, { removed: boolean }>>> {
  const out = new Map<string, Map<string, { removed: boolean }>>();
  if (monitoredIds.length === 0) return out;
  const rows = await db
    .selectFrom('screening_monitor_hits')
    .select(['monitored_screening_id', 'entity_id', 'removed_in_version_id'])
    .where('monitored_screening_id', 'in', [...monitoredIds])
    .execute();
  for (const r of rows) {
    let m = out.get(r.monitored_screening_id);
    if (!m) out.set(r.monitored_screening_id, (m = new Map()));
    m.set(r.entity_id, { removed: r.removed_in_version_id !== null });
  }
  return out;
}

export interface HitKey {
  monitored_screening_id: string;
  entity_id: string;
}

/**
 * Monitored subjects of the environment still known to match these entities of the list (not yet
 * reported removed), a page at a time in (subject, entity) order: the key of the last row of a page
 * is `after` of the next, so a page that ends inside one subject's hits loses none of the rest.
 */
export async function hitsOnEntities(db: Executor, environment: Environment, listSlug: string, entityIds: readonly string[], after: HitKey | null, limit: number) {
  if (entityIds.length === 0) return [];
  let q = db
    .selectFrom('screening_monitor_hits as h')
    .innerJoin('screenings as s', 's.id', 'h.monitored_screening_id')
    .select(['h.monitored_screening_id', 'h.entity_id', 'h.entity_source_id', 'h.entity_name'])
    .where('h.environment', '=', environment)
    .where('h.list_slug', '=', listSlug)
    .where('h.entity_id', 'in', [...entityIds])
    .where('h.removed_in_version_id', 'is', null)
    .where('s.monitor', '=', true);
  if (after) q = q.where((eb) => eb(eb.refTuple('h.monitored_screening_id', 'h.entity_id'), '>', eb.tuple(after.monitored_screening_id, after.entity_id)));
  return q.orderBy('h.monitored_screening_id').orderBy('h.entity_id').limit(limit).execute();
}

/** The entities of a list that some monitored subject of the environment is known to match (not yet reported removed). */
export async function knownListedEntityIds(db: Executor, environment: Environment, listSlug: string): Promise<string[]> {
  const rows = await db
    .selectFrom('screening_monitor_hits')
    .select('entity_id')
    .distinct()
    .where('environment', '=', environment)
    .where('list_slug', '=', listSlug)
    .where('removed_in_version_id', 'is', null)
    .execute();
  return rows.map((r) => r.entity_id);
}

export async function markHitsRemoved(db: Executor, pairs: readonly { monitoredScreeningId: string; entityId: string }[], versionId: string): Promise<void> {
  if (pairs.length === 0) return;
  await sql`
    update screening_monitor_hits h set removed_in_version_id = ${versionId}::uuid
    from jsonb_to_recordset(${JSON.stringify(pairs.map((p) => ({ m: p.monitoredScreeningId, e: p.entityId })))}::jsonb) as x(m uuid, e uuid)
    where h.monitored_screening_id = x.m and h.entity_id = x.e`.execute(db);
}

export interface MonitoredSubject {
  id: string;
  type: string;
  /** pending or processing: the subject's own screening has not stored its result yet. */
  status: string;
  query: Record<string, unknown>;
  ignoreList: string[];
}

function parseSubjects(rows: readonly { j: string }[]): MonitoredSubject[] {
  return rows.map(({ j }) => {
    const [id, type, status, query, ignoreList] = JSON.parse(j) as [string, string, string, Record<string, unknown>, string[]];
    return { id, type, status, query, ignoreList };
  });
}

/**
 * The next page of monitored subjects of these types after `afterId`, in id order. Rows come back as
 * one JSON text each, parsed here (much cheaper than the driver parsing two jsonb columns per row).
 */
export async function monitoredSubjectsPage(db: Executor, environment: Environment, types: readonly string[], afterId: string | null, limit: number): Promise<MonitoredSubject[]> {
  const result = await sql<{ j: string }>`
    select json_build_array(id, type, status, query, ignore_list)::text as j from screenings
    where environment = ${environment} and monitor and id > ${afterId ?? '00000000-0000-0000-0000-000000000000'}::uuid
      and type = any(${[...types]}::text[])
    order by id limit ${limit}`.execute(db);
  return parseSubjects(result.rows);
}

/** These monitored subjects (still monitored), by id. */
export async function monitoredSubjectsByIds(db: Executor, environment: Environment, ids: readonly string[]): Promise<MonitoredSubject[]> {
  if (ids.length === 0) return [];
  const result = await sql<{ j: string }>`
    select json_build_array(id, type, status, query, ignore_list)::text as j from screenings
    where environment = ${environment} and monitor and id = any(${[...ids]}::uuid[])
    order by id`.execute(db);
  return parseSubjects(result.rows);
}

/** Where these screenings stand: status and the list versions their result was computed from. */
export async function screeningStates(db: Executor, ids: readonly string[]): Promise<{ id: string; status: string; list_versions: unknown[] | null }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('screenings').select(['id', 'status', 'list_versions']).where('id', 'in', [...ids]).execute();
}

/** The known hits of these subjects on a list not yet reported removed (a subject's removals are among them). */
export async function liveHitsOf(db: Executor, listSlug: string, monitoredIds: readonly string[]) {
  if (monitoredIds.length === 0) return [];
  return db
    .selectFrom('screening_monitor_hits')
    .select(['monitored_screening_id', 'entity_id', 'entity_source_id', 'entity_name'])
    .where('list_slug', '=', listSlug)
    .where('monitored_screening_id', 'in', [...monitoredIds])
    .where('removed_in_version_id', 'is', null)
    .execute();
}

export interface NewMonitoringScreening {
  environment: Environment;
  monitored: { id: string; type: string; execution_mode: string; query: Record<string, unknown>; ignore_list: string[]; account_id: string | null; business_id: string | null };
  result: ScreeningResultColumns;
  monitoring: Record<string, unknown> & { run_id: string };
}

/** Inserts finished monitoring screenings; a subject already reported by the same run is skipped (retries). */
export async function insertMonitoringScreenings(db: Executor, list: readonly NewMonitoringScreening[], at: Date): Promise<ScreeningRow[]> {
  if (list.length === 0) return [];
  return db
    .insertInto('screenings')
    .values(list.map((s) => ({
      environment: s.environment,
      type: s.monitored.type,
      status: s.result.status,
      execution_mode: 'async',
      query: JSON.stringify(s.monitored.query),
      ignore_list: JSON.stringify(s.monitored.ignore_list),
      account_id: s.monitored.account_id,
      business_id: s.monitored.business_id,
      has_match: s.result.hasMatch,
      matched_lists: JSON.stringify(s.result.matchedLists ?? []),
      near_matches: JSON.stringify(s.result.nearMatches ?? []),
      errors: null,
      list_versions: JSON.stringify(s.result.listVersions),
      algorithm_version: s.result.algorithmVersion,
      threshold: s.result.threshold,
      origin: 'monitoring' as const,
      monitored_screening_id: s.monitored.id,
      monitoring: JSON.stringify(s.monitoring),
      created_at: at,
      started_at: at,
      completed_at: at,
      updated_at: at,
    })))
    .onConflict((oc) => oc.expression(sql`monitored_screening_id, (monitoring ->> 'run_id')`).where('origin', '=', 'monitoring').doNothing())
    .returningAll()
    .execute();
}

/** The monitored screenings (the originals) by id. */
export async function findMonitoredScreenings(db: Executor, environment: Environment, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('screenings')
    .select(['id', 'type', 'execution_mode', 'query', 'ignore_list', 'account_id', 'business_id', 'monitor'])
    .where('environment', '=', environment)
    .where('id', 'in', [...ids])
    .execute();
}

/** Whether the environment has any monitored subject of these types (no run is made otherwise). */
export async function hasMonitoredSubjects(db: Executor, environment: Environment, types: readonly string[]): Promise<boolean> {
  const row = await db.selectFrom('screenings').select('id').where('environment', '=', environment).where('monitor', '=', true).where('type', 'in', [...types]).limit(1).executeTakeFirst();
  return Boolean(row);
}

// ---- runs ----

export interface NewMonitoringRun {
  environment: Environment;
  eventId: string;
  listSlug: string;
  listType: string;
  versionId: string;
  previousVersionId: string | null;
}

/** Records runs for activation events (once per event); returns the runs created. */
export async function insertMonitoringRuns(db: Executor, runs: readonly NewMonitoringRun[]): Promise<ScreeningMonitoringRunRow[]> {
  if (runs.length === 0) return [];
  return db
    .insertInto('screening_monitoring_runs')
    .values(runs.map((r) => ({
      environment: r.environment, event_id: r.eventId, list_slug: r.listSlug, list_type: r.listType, version_id: r.versionId, previous_version_id: r.previousVersionId,
    })))
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returningAll()
    .execute();
}

export async function findMonitoringRun(db: Executor, id: string): Promise<ScreeningMonitoringRunRow | undefined> {
  return db.selectFrom('screening_monitoring_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Runs not finished (for the consumer's recovery after a crash). */
export async function openMonitoringRuns(db: Executor): Promise<ScreeningMonitoringRunRow[]> {
  return db.selectFrom('screening_monitoring_runs').selectAll().where('status', 'in', ['pending', 'running']).orderBy('created_at').execute();
}

export async function updateMonitoringRun(
  db: Executor,
  id: string,
  changes: Partial<{ status: 'running' | 'completed' | 'failed'; delta: Record<string, unknown>; subjectsScreened: number; screeningsCreated: number; removalsReported: number; error: string | null; startedAt: Date; completedAt: Date }>,
): Promise<void> {
  await db
    .updateTable('screening_monitoring_runs')
    .set({
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.delta ? { delta: JSON.stringify(changes.delta) } : {}),
      ...(changes.subjectsScreened !== undefined ? { subjects_screened: changes.subjectsScreened } : {}),
      ...(changes.screeningsCreated !== undefined ? { screenings_created: changes.screeningsCreated } : {}),
      ...(changes.removalsReported !== undefined ? { removals_reported: changes.removalsReported } : {}),
      ...(changes.error !== undefined ? { error: changes.error } : {}),
      ...(changes.startedAt ? { started_at: changes.startedAt } : {}),
      ...(changes.completedAt ? { completed_at: changes.completedAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}
