/**
 * Data access for screening records, shared by the API (create, read, list) and the workflow's
 * activities (status changes, through activities/screening/screening.transitions.ts). Every query
 * is scoped by environment. Status changes are guarded by the current status, so a retried
 * activity never moves a record backwards or twice.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type { ScreeningRow } from '../tables/screenings.table.js';

export interface NewScreening {
  environment: Environment;
  type: string;
  executionMode: string;
  query: Record<string, unknown>;
  ignoreList: string[];
  accountId: string | null;
  businessId: string | null;
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

export async function insertScreening(db: Executor, s: NewScreening): Promise<ScreeningRow> {
  return db
    .insertInto('screenings')
    .values({
      environment: s.environment,
      type: s.type,
      status: 'pending',
      execution_mode: s.executionMode,
      query: JSON.stringify(s.query),
      ignore_list: JSON.stringify(s.ignoreList),
      account_id: s.accountId,
      business_id: s.businessId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
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

export async function accountExists(db: Executor, environment: Environment, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('accounts').select('id').where('environment', '=', environment).where('id', '=', id).executeTakeFirst());
}

export async function businessExists(db: Executor, environment: Environment, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('businesses').select('id').where('environment', '=', environment).where('id', '=', id).executeTakeFirst());
}
