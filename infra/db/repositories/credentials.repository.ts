/** Data access for credentials. Every query is scoped to one environment. */
import type { Insertable, SelectQueryBuilder } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type { CredentialRow, CredentialsTable, CredentialStatus } from '../tables/credentials.table.js';

export type NewCredential = Omit<Insertable<CredentialsTable>, 'claims'> & { claims: Record<string, unknown> };

export async function insertCredentials(db: Executor, rows: readonly NewCredential[]): Promise<CredentialRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('credentials')
    .values(rows.map((r) => ({ ...r, claims: JSON.stringify(r.claims) })))
    .returningAll()
    .execute();
  const order = new Map(rows.map((r, i) => [r.id, i]));
  return inserted.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

export async function findCredential(db: Executor, environment: Environment, id: string, options: { forUpdate?: boolean } = {}): Promise<CredentialRow | undefined> {
  let q = db.selectFrom('credentials').selectAll().where('environment', '=', environment).where('id', '=', id);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The credentials of one issuance, in request order (ids are assigned in order within a batch). */
export async function credentialsOfIssuance(
  db: Executor, environment: Environment, issuanceId: string, options: { status?: CredentialStatus; forUpdate?: boolean } = {},
): Promise<CredentialRow[]> {
  let q = db.selectFrom('credentials').selectAll().where('environment', '=', environment).where('issuance_id', '=', issuanceId);
  if (options.status) q = q.where('status', '=', options.status);
  if (options.forUpdate) q = q.forUpdate();
  return q.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

export async function updateCredential(db: Executor, id: string, changes: Partial<Record<keyof CredentialRow, unknown>>): Promise<CredentialRow> {
  return db.updateTable('credentials').set(changes as never).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function credentialListQuery(
  db: Executor, environment: Environment,
  filters: { status?: CredentialStatus | undefined; credentialType?: string | undefined; subjectId?: string | undefined },
): SelectQueryBuilder<Database, 'credentials', CredentialRow> {
  let q = db.selectFrom('credentials').selectAll().where('credentials.environment', '=', environment);
  if (filters.status) q = q.where('credentials.status', '=', filters.status);
  if (filters.credentialType) q = q.where('credentials.credential_type', '=', filters.credentialType);
  if (filters.subjectId) q = q.where('credentials.subject_id', '=', filters.subjectId);
  return q;
}
