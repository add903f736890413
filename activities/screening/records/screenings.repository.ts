/**
 * Data access for screening records, shared by the API (create, read, list) and the workflow's
 * activities (status changes). Every query is scoped by environment. Status changes are guarded
 * by the current status, so a retried activity never moves a record backwards or twice.
 */
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from '../../../infra/db/database.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import type { ScreeningRow } from '../../../infra/db/tables/screenings.table.js';
import type { ExecutionMode, ScreeningErrorItem, ScreeningStatus, ScreeningType } from '../../../workflows/screening/screening.contract.js';
import type { ScreeningOutcome } from '../results/screening-outcome.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewScreening {
  environment: Environment;
  type: ScreeningType;
  executionMode: ExecutionMode;
  query: Record<string, unknown>;
  ignoreList: string[];
  accountId: string | null;
  businessId: string | null;
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
  filters: { type?: string | undefined; status?: ScreeningStatus | undefined },
): SelectQueryBuilder<Database, 'screenings', ScreeningRow> {
  let q = db.selectFrom('screenings').selectAll().where('environment', '=', environment);
  if (filters.type) q = q.where('type', '=', filters.type);
  if (filters.status) q = q.where('status', '=', filters.status);
  return q;
}

/** pending → processing (once). Returns the row when this call moved it. */
export async function markScreeningProcessing(trx: Transaction<Database>, environment: Environment, id: string, at: Date): Promise<ScreeningRow | undefined> {
  return trx
    .updateTable('screenings')
    .set({ status: 'processing', started_at: at, updated_at: at })
    .where('environment', '=', environment)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** pending|processing → the outcome's final status (once). Returns the row when this call stored it. */
export async function storeScreeningOutcome(trx: Transaction<Database>, environment: Environment, id: string, outcome: ScreeningOutcome, at: Date): Promise<ScreeningRow | undefined> {
  return trx
    .updateTable('screenings')
    .set({
      status: outcome.status,
      has_match: outcome.hasMatch,
      matched_lists: outcome.matchedLists === null ? null : JSON.stringify(outcome.matchedLists),
      near_matches: outcome.status === 'failed' ? null : JSON.stringify(outcome.nearMatches ?? []),
      errors: outcome.errors === null ? null : JSON.stringify(outcome.errors),
      list_versions: JSON.stringify(outcome.listVersions),
      algorithm_version: outcome.algorithmVersion,
      threshold: outcome.threshold,
      completed_at: at,
      updated_at: at,
    })
    .where('environment', '=', environment)
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'processing'])
    .returningAll()
    .executeTakeFirst();
}

/** A failure with errors, for screenings whose matching could not run. */
export function failedOutcome(errors: ScreeningErrorItem[]): ScreeningOutcome {
  return { status: 'failed', hasMatch: null, matchedLists: null, errors, listVersions: [], algorithmVersion: null, threshold: null };
}

export async function accountExists(db: Executor, environment: Environment, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('accounts').select('id').where('environment', '=', environment).where('id', '=', id).executeTakeFirst());
}

export async function businessExists(db: Executor, environment: Environment, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('businesses').select('id').where('environment', '=', environment).where('id', '=', id).executeTakeFirst());
}
