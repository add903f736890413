/**
 * Data access for identity accounts. Every function is scoped to one environment, so a key of one
 * environment never reads or changes the other's accounts. Functions take a Kysely instance or a
 * transaction.
 */
import type { Kysely, SelectQueryBuilder, Transaction, Updateable } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import type { AccountRow, AccountsTable } from '../tables/accounts.table.js';
import type { Environment } from '../tables/common.js';


export interface NewAccount {
  environment: Environment;
  externalId: string | null;
  status: AccountRow['status'];
  entityType: AccountRow['entity_type'];
  person: unknown;
  business: unknown;
  address: unknown;
  identityNumbers: unknown[];
  at: Date;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export async function insertAccount(db: Executor, account: NewAccount): Promise<AccountRow> {
  return db
    .insertInto('accounts')
    .values({
      environment: account.environment,
      external_id: account.externalId,
      status: account.status,
      entity_type: account.entityType,
      person: json(account.person),
      business: json(account.business),
      address: json(account.address),
      identity_numbers: JSON.stringify(account.identityNumbers),
      created_at: account.at,
      updated_at: account.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findAccount(db: Executor, environment: Environment, id: string, options: { forUpdate?: boolean } = {}): Promise<AccountRow | undefined> {
  let query = db.selectFrom('accounts').selectAll().where('environment', '=', environment).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findAccountByExternalId(db: Executor, environment: Environment, externalId: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('environment', '=', environment).where('external_id', '=', externalId).executeTakeFirst();
}

export interface AccountListFilters {
  status?: string | undefined;
  entityType?: string | undefined;
  externalId?: string | undefined;
}

export function accountListQuery(db: Executor, environment: Environment, filters: AccountListFilters): SelectQueryBuilder<Database, 'accounts', AccountRow> {
  let query = db.selectFrom('accounts').selectAll().where('accounts.environment', '=', environment);
  if (filters.status) query = query.where('accounts.status', '=', filters.status as AccountRow['status']);
  if (filters.entityType) query = query.where('accounts.entity_type', '=', filters.entityType as AccountRow['entity_type']);
  if (filters.externalId) query = query.where('accounts.external_id', '=', filters.externalId);
  return query;
}

export type AccountChanges = Omit<Updateable<AccountsTable>, 'id' | 'environment' | 'created_at'>;

export async function updateAccount(db: Executor, environment: Environment, id: string, changes: AccountChanges): Promise<AccountRow> {
  return db.updateTable('accounts').set(changes).where('environment', '=', environment).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The to-many relationships of accounts (sessions, documents), for a page of accounts at once. */
export async function accountRelationships(db: Executor, environment: Environment, accountIds: readonly string[]) {
  const sessions = new Map<string, string[]>();
  const documents = new Map<string, { kind: 'idv' | 'address'; id: string }[]>();
  if (accountIds.length === 0) return { sessions, documents };
  const sessionRows = await db
    .selectFrom('sessions').select(['id', 'account_id'])
    .where('environment', '=', environment).where('account_id', 'in', [...accountIds])
    .orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  for (const row of sessionRows) sessions.set(row.account_id!, [...(sessions.get(row.account_id!) ?? []), row.id]);
  const documentRows = await db
    .selectFrom('identity_documents').select(['id', 'kind', 'account_id'])
    .where('environment', '=', environment).where('account_id', 'in', [...accountIds])
    .orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  for (const row of documentRows) documents.set(row.account_id!, [...(documents.get(row.account_id!) ?? []), { kind: row.kind, id: row.id }]);
  return { sessions, documents };
}

/** True for PostgreSQL's unique violation on the (environment, external_id) index. */
export function isExternalIdConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === 'accounts_external_id';
}
