/**
 * Data access for business lookups. Every function is scoped to one environment, so a staging key
 * can never read or change a production record. Functions take a Kysely instance or a transaction.
 */
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import type { BusinessRow } from '../tables/businesses.table.js';
import type { Environment } from '../tables/common.js';


export interface NewBusinessLookup {
  environment: Environment;
  sessionId: string;
  country: string;
  searchInput: Record<string, unknown>;
}

export async function insertBusinessLookup(db: Executor, lookup: NewBusinessLookup): Promise<BusinessRow> {
  return db
    .insertInto('businesses')
    .values({
      environment: lookup.environment,
      session_id: lookup.sessionId,
      country: lookup.country,
      search_input: JSON.stringify(lookup.searchInput),
      async_status: 'processing',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findBusiness(db: Executor, environment: Environment, id: string): Promise<BusinessRow | undefined> {
  return db.selectFrom('businesses').selectAll().where('environment', '=', environment).where('id', '=', id).executeTakeFirst();
}

export interface BusinessListFilters {
  country?: string | undefined;
  asyncStatus?: string | undefined;
  sessionId?: string | undefined;
}

/** The filtered base query of the list, for the pagination helper to page over. */
export function businessListQuery(
  db: Executor,
  environment: Environment,
  filters: BusinessListFilters,
): SelectQueryBuilder<Database, 'businesses', BusinessRow> {
  let query = db.selectFrom('businesses').selectAll().where('businesses.environment', '=', environment);
  if (filters.country) query = query.where('businesses.country', '=', filters.country);
  if (filters.asyncStatus) query = query.where('businesses.async_status', '=', filters.asyncStatus);
  if (filters.sessionId) query = query.where('businesses.session_id', '=', filters.sessionId);
  return query;
}

export interface BusinessLookupOutcome {
  environment: Environment;
  id: string;
  asyncStatus: 'completed' | 'not_found' | 'failed';
  record: Record<string, unknown> | null;
  errors: unknown[];
  at: Date;
}

/**
 * Stores a lookup's outcome once: only a record still processing changes, so a retried or
 * replayed store is a no-op. Returns the updated row, or undefined when nothing changed.
 */
export async function completeBusinessLookup(db: Executor, outcome: BusinessLookupOutcome): Promise<BusinessRow | undefined> {
  return db
    .updateTable('businesses')
    .set({
      async_status: outcome.asyncStatus,
      record: outcome.record === null ? null : JSON.stringify(outcome.record),
      errors: JSON.stringify(outcome.errors),
      completed_at: outcome.at,
      updated_at: outcome.at,
    })
    .where('environment', '=', outcome.environment)
    .where('id', '=', outcome.id)
    .where('async_status', '=', 'processing')
    .returningAll()
    .executeTakeFirst();
}

/** True when the session exists in this environment (a lookup must belong to one). */
export async function sessionExists(db: Executor, environment: Environment, sessionId: string): Promise<boolean> {
  const row = await db.selectFrom('sessions').select('id').where('environment', '=', environment).where('id', '=', sessionId).executeTakeFirst();
  return row !== undefined;
}

/**
 * The ids of the business lookups of each given session, oldest first: for the session resources'
 * `relationships` (the identity feature calls this; the business feature owns the table).
 */
export async function businessIdsBySession(db: Executor, environment: Environment, sessionIds: readonly string[]): Promise<Map<string, string[]>> {
  const bySession = new Map<string, string[]>();
  if (sessionIds.length === 0) return bySession;
  const rows = await db
    .selectFrom('businesses')
    .select(['id', 'session_id'])
    .where('environment', '=', environment)
    .where('session_id', 'in', [...sessionIds])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  for (const row of rows) bySession.set(row.session_id, [...(bySession.get(row.session_id) ?? []), row.id]);
  return bySession;
}
