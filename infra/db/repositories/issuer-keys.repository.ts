/**
 * Data access for the issuer's signing keys. The partial unique index on (environment) where
 * status = 'active' makes "at most one active key per environment" a database fact, so creating
 * the first key is an insert that does nothing when another process won the race.
 */
import type { Insertable } from 'kysely';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type { IssuerKeyRow, IssuerKeysTable, IssuerKeyStatus } from '../tables/issuer-keys.table.js';

export type NewIssuerKey = Omit<Insertable<IssuerKeysTable>, 'public_jwk'> & { public_jwk: IssuerKeyRow['public_jwk'] };

const toInsert = (key: NewIssuerKey) => ({ ...key, public_jwk: JSON.stringify(key.public_jwk) });

export async function findActiveIssuerKey(db: Executor, environment: Environment, options: { forUpdate?: boolean } = {}): Promise<IssuerKeyRow | undefined> {
  let q = db.selectFrom('issuer_keys').selectAll().where('environment', '=', environment).where('status', '=', 'active');
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Inserts an active key unless the environment already has one; returns the row when inserted. */
export async function insertActiveKeyIfNone(db: Executor, key: NewIssuerKey): Promise<IssuerKeyRow | undefined> {
  return db
    .insertInto('issuer_keys')
    .values(toInsert({ ...key, status: 'active' }))
    .onConflict((oc) => oc.column('environment').where('status', '=', 'active').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function insertIssuerKey(db: Executor, key: NewIssuerKey): Promise<IssuerKeyRow> {
  return db.insertInto('issuer_keys').values(toInsert(key)).returningAll().executeTakeFirstOrThrow();
}

/** Keys still published (active first, then newest): what did.json and jwks.json list. */
export async function publishedIssuerKeys(db: Executor, environment: Environment): Promise<IssuerKeyRow[]> {
  const rows = await db
    .selectFrom('issuer_keys')
    .selectAll()
    .where('environment', '=', environment)
    .where('status', 'in', ['active', 'published'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active'));
}

export async function findIssuerKeyByKid(db: Executor, kid: string, options: { forUpdate?: boolean } = {}): Promise<IssuerKeyRow | undefined> {
  let q = db.selectFrom('issuer_keys').selectAll().where('kid', '=', kid);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function listIssuerKeys(db: Executor): Promise<IssuerKeyRow[]> {
  return db.selectFrom('issuer_keys').selectAll().orderBy('environment').orderBy('created_at', 'desc').execute();
}

export async function setIssuerKeyStatus(db: Executor, id: string, status: IssuerKeyStatus, at: Date): Promise<IssuerKeyRow> {
  const stamp = status === 'published' ? { rotated_at: at } : status === 'retired' ? { retired_at: at } : {};
  return db.updateTable('issuer_keys').set({ status, ...stamp }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
