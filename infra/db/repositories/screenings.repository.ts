/**
 * Data access for screening records, shared by the API (create, read, list) and the workflow's
 * activities (status changes, through activities/screening/screening.transitions.ts). Every query
 * is scoped by environment. Status changes are guarded by the current status, so a retried
 * activity never moves a record backwards or twice.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import { eventRowValues, type EventInsert } from './events.repository.js';
import { ENVIRONMENTS, type Environment } from '../tables/common.js';
import type { ScreeningOrigin, ScreeningRow } from '../tables/screenings.table.js';

/** Notified (payload: the screening id) when a screening reaches a final status (trigger on screenings). */
export const SCREENING_FINISHED_CHANNEL = 'clearwatch_screening_finished';

export interface NewScreening {
  environment: Environment;
  type: string;
  executionMode: string;
  query: Record<string, unknown>;
  ignoreList: string[];
  accountId: string | null;
  businessId: string | null;
  monitor?: boolean;
  origin?: ScreeningOrigin;
  batchId?: string | null;
}

/** The stored result of a screening (final status, match, errors, provenance). */
export interface ScreeningResultColumns {
  status: string;
  hasMatch: boolean | null;
  matchedLists: unknown[] | null;
  /** Strong name hits a birth-date conflict cleared (absent before matching stored them). */
  nearMatches?: unknown[] | undefined;
  errors: unknown[] | null;
  listVersions: Record<string, unknown>[];
  algorithmVersion: string | null;
  threshold: number | null;
}

function insertValues(s: NewScreening) {
  return {
    environment: s.environment,
    type: s.type,
    status: 'pending',
    execution_mode: s.executionMode,
    query: JSON.stringify(s.query),
    ignore_list: JSON.stringify(s.ignoreList),
    account_id: s.accountId,
    business_id: s.businessId,
    monitor: s.monitor ?? false,
    origin: s.origin ?? 'api',
    batch_id: s.batchId ?? null,
  };
}

export async function insertScreening(db: Executor, s: NewScreening): Promise<ScreeningRow> {
  return db.insertInto('screenings').values(insertValues(s)).returningAll().executeTakeFirstOrThrow();
}

/**
 * Inserts a screening (with the id given) and its events in one statement: two data-modifying CTEs,
 * atomic as any statement, one round trip and no transaction block (BEGIN, the two inserts and
 * COMMIT were four). The events cannot read the row, so whatever they say of it is the caller's.
 */
export async function insertScreeningWithEvents(db: Executor, id: string, s: NewScreening, events: readonly EventInsert[]): Promise<ScreeningRow> {
  if (events.length === 0) throw new Error('insertScreeningWithEvents: no events (use insertScreening)');
  return db
    .with('created', (q) => q.insertInto('screenings').values({ id, ...insertValues(s) }).returningAll())
    .with('recorded', (q) => q.insertInto('events').values(events.map(eventRowValues)).returning('id'))
    .selectFrom('created')
    .selectAll()
    .executeTakeFirstOrThrow();
}

/** The columns of a screening its events describe. */
export type ScreeningEventColumns = Pick<ScreeningRow, 'id' | 'environment' | 'type' | 'status' | 'execution_mode' | 'has_match' | 'matched_lists' | 'errors' | 'account_id' | 'business_id' | 'monitor' | 'origin' | 'monitored_screening_id'>;

/**
 * The row insertScreening stores for `s` (status pending, no result yet), as far as the columns of
 * a screening's events go: what the create event says, before the row exists.
 */
export function pendingScreeningRow(id: string, s: NewScreening): ScreeningEventColumns {
  const v = insertValues(s);
  return {
    id, environment: v.environment, type: v.type, status: v.status, execution_mode: v.execution_mode, has_match: null, matched_lists: null, errors: null,
    // uuid columns store (and give back) the lower-case form whatever case was sent.
    account_id: v.account_id?.toLowerCase() ?? null, business_id: v.business_id?.toLowerCase() ?? null, monitor: v.monitor, origin: v.origin, monitored_screening_id: null,
  };
}

/** Inserts several screenings in one statement; rows come back in the order given. */
export async function insertScreenings(db: Executor, list: readonly NewScreening[]): Promise<ScreeningRow[]> {
  if (list.length === 0) return [];
  // Ids are made here so the order of the returned rows can be restored (RETURNING has no order).
  const ids = list.map(() => randomUUID());
  const rows = await db
    .insertInto('screenings')
    .values(list.map((s, i) => ({ id: ids[i]!, ...insertValues(s) })))
    .returningAll()
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

export async function findScreenings(db: Executor, environment: Environment, ids: readonly string[]): Promise<ScreeningRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('screenings').selectAll().where('environment', '=', environment).where('id', 'in', [...ids]).execute();
}

export async function findScreening(db: Executor, environment: Environment, id: string): Promise<ScreeningRow | undefined> {
  return db.selectFrom('screenings').selectAll().where('environment', '=', environment).where('id', '=', id).executeTakeFirst();
}

export function screeningListQuery(
  db: Executor,
  environment: Environment,
  filters: { type?: string | undefined; status?: string | undefined },
): SelectQueryBuilder<Database, 'screenings', ScreeningRow> {
  let q = db.selectFrom('screenings').selectAll().where('environment', '=', environment);
  if (filters.type) q = q.where('type', '=', filters.type);
  if (filters.status) q = q.where('status', '=', filters.status);
  return q;
}

/** The list's rows as ids and row versions (xmin: changes with every update), for SerializedRows. */
export function screeningVersionListQuery(
  db: Executor,
  environment: Environment,
  filters: { type?: string | undefined; status?: string | undefined },
): SelectQueryBuilder<Database, 'screenings', { id: string; version: string }> {
  let q = db.selectFrom('screenings').select(['screenings.id', sql<string>`screenings.xmin::text`.as('version')]).where('environment', '=', environment);
  if (filters.type) q = q.where('type', '=', filters.type);
  if (filters.status) q = q.where('status', '=', filters.status);
  return q;
}

/** Full rows with their versions, by id. */
export async function findScreeningsWithVersion(db: Executor, environment: Environment, ids: readonly string[]): Promise<(ScreeningRow & { version: string })[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('screenings').selectAll().select(sql<string>`screenings.xmin::text`.as('version')).where('environment', '=', environment).where('id', 'in', [...ids]).execute();
}

/** pending → processing (once). Returns the row when this call moved it. */
export async function markScreeningProcessing(db: Executor, environment: Environment, id: string, at: Date): Promise<ScreeningRow | undefined> {
  return db
    .updateTable('screenings')
    .set({ status: 'processing', started_at: at, updated_at: at })
    .where('environment', '=', environment)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** pending → processing for several screenings (once each); returns the rows this call moved. */
export async function markScreeningsProcessing(db: Executor, environment: Environment, ids: readonly string[], at: Date, workflowId: string | null): Promise<ScreeningRow[]> {
  if (ids.length === 0) return [];
  return db
    .updateTable('screenings')
    .set({ status: 'processing', started_at: at, updated_at: at, ...(workflowId ? { workflow_id: workflowId } : {}) })
    .where('environment', '=', environment)
    .where('id', 'in', [...ids])
    .where('status', '=', 'pending')
    .returningAll()
    .execute();
}

export type StoredResultRow = ScreeningRow & { previous_status: string };

/**
 * pending|processing → each result's final status, for several screenings in one statement (once
 * each: rows already final are left alone). Returns the rows this call stored with the status they
 * had before, so the caller records `processing` too for rows that went straight from pending.
 */
export async function storeScreeningResults(
  db: Executor,
  environment: Environment,
  results: readonly { id: string; result: ScreeningResultColumns }[],
  at: Date,
  workflowId: string | null,
): Promise<StoredResultRow[]> {
  if (results.length === 0) return [];
  const rows = results.map(({ id, result }) => ({
    id,
    status: result.status,
    has_match: result.hasMatch,
    matched_lists: result.matchedLists,
    near_matches: result.status === 'failed' ? null : (result.nearMatches ?? []),
    errors: result.errors,
    list_versions: result.listVersions,
    algorithm_version: result.algorithmVersion,
    threshold: result.threshold,
  }));
  const stored = await sql<StoredResultRow>`
    update screenings s set
      status = x.status, has_match = x.has_match, matched_lists = x.matched_lists, near_matches = x.near_matches,
      errors = x.errors, list_versions = x.list_versions, algorithm_version = x.algorithm_version, threshold = x.threshold,
      started_at = coalesce(s.started_at, ${at}), completed_at = ${at}, updated_at = ${at},
      workflow_id = coalesce(${workflowId}::text, s.workflow_id)
    from (
      select id, status as previous_status from screenings
      where environment = ${environment} and id = any(${results.map((r) => r.id)}::uuid[]) and status in ('pending', 'processing')
      for update
    ) o,
    jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
      id uuid, status text, has_match boolean, matched_lists jsonb, near_matches jsonb, errors jsonb,
      list_versions jsonb, algorithm_version text, threshold double precision
    )
    where s.id = o.id and x.id = s.id
    returning s.*, o.previous_status`.execute(db);
  return stored.rows;
}

/** pending|processing → the result's final status (once). Returns the row when this call stored it. */
export async function storeScreeningResult(db: Executor, environment: Environment, id: string, result: ScreeningResultColumns, at: Date): Promise<ScreeningRow | undefined> {
  return db
    .updateTable('screenings')
    .set({
      status: result.status,
      has_match: result.hasMatch,
      matched_lists: result.matchedLists === null ? null : JSON.stringify(result.matchedLists),
      near_matches: result.status === 'failed' ? null : JSON.stringify(result.nearMatches ?? []),
      errors: result.errors === null ? null : JSON.stringify(result.errors),
      list_versions: JSON.stringify(result.listVersions),
      algorithm_version: result.algorithmVersion,
      threshold: result.threshold,
      completed_at: at,
      updated_at: at,
    })
    .where('environment', '=', environment)
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'processing'])
    .returningAll()
    .executeTakeFirst();
}

/**
 * Notes the workflow started for screenings still pending without one (a grouped start, whose
 * workflow id no single screening's id gives), so the start sweep leaves them to it.
 */
export async function recordScreeningsWorkflow(db: Executor, environment: Environment, ids: readonly string[], workflowId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('screenings')
    .set({ workflow_id: workflowId })
    .where('environment', '=', environment)
    .where('id', 'in', [...ids])
    .where('status', '=', 'pending')
    .where('workflow_id', 'is', null)
    .execute();
}

export interface UnstartedScreening {
  id: string;
  environment: Environment;
  batch_id: string | null;
}

/**
 * Screenings created by a request (api or batch) at least `olderThanMs` ago, still pending, with no
 * workflow recorded: their start may have been lost. Oldest first, at most `limit`. The age is
 * taken on the database's clock, the one that set created_at.
 */
export async function unstartedScreenings(db: Executor, olderThanMs: number, limit: number): Promise<UnstartedScreening[]> {
  return db
    .selectFrom('screenings')
    .select(['id', 'environment', 'batch_id'])
    .where('environment', 'in', [...ENVIRONMENTS])
    .where('status', '=', 'pending')
    .where('created_at', '<', sql<Date>`now() - ${olderThanMs} * interval '1 millisecond'`)
    .where('workflow_id', 'is', null)
    .where('origin', 'in', ['api', 'batch'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A batch's screenings still pending with no workflow recorded, in creation order. */
export async function unstartedBatchItems(db: Executor, environment: Environment, batchId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('screenings')
    .select('id')
    .where('environment', '=', environment)
    .where('batch_id', '=', batchId)
    .where('status', '=', 'pending')
    .where('workflow_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Turns monitoring on or off; returns the row (undefined when no such screening). */
export async function setScreeningMonitor(db: Executor, environment: Environment, id: string, monitor: boolean, at: Date): Promise<ScreeningRow | undefined> {
  return db.updateTable('screenings').set({ monitor, updated_at: at }).where('environment', '=', environment).where('id', '=', id).returningAll().executeTakeFirst();
}

/** The screening, locked for the caller's transaction. */
export async function lockScreening(db: Executor, environment: Environment, id: string): Promise<ScreeningRow | undefined> {
  return db.selectFrom('screenings').selectAll().where('environment', '=', environment).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Which of these ids name an account / business of the environment (batch validation in two queries). */
export async function existingRelated(db: Executor, environment: Environment, table: 'accounts' | 'businesses', ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('environment', '=', environment).where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}

export async function accountExists(db: Executor, environment: Environment, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('accounts').select('id').where('environment', '=', environment).where('id', '=', id).executeTakeFirst());
}

export async function businessExists(db: Executor, environment: Environment, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('businesses').select('id').where('environment', '=', environment).where('id', '=', id).executeTakeFirst());
}
