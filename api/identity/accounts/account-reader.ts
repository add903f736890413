/** Reads accounts with their relationships and serializes them: the one path every account route answers through. */
import { accountRelationships, findAccount } from '../../../infra/db/repositories/identity-accounts.repository.js';
import type { Db } from '../../../infra/db/create-db.js';
import type { AccountRow } from '../../../infra/db/tables/accounts.table.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import { notFound } from '../../http/errors.js';
import { toAccountResource } from './account.serializer.js';

export async function accountResources(db: Db, environment: Environment, rows: readonly AccountRow[]) {
  const relations = await accountRelationships(db, environment, rows.map((r) => r.id));
  return rows.map((row) => toAccountResource(row, { sessions: relations.sessions.get(row.id) ?? [], documents: relations.documents.get(row.id) ?? [] }));
}

export async function accountResourceById(db: Db, environment: Environment, id: string) {
  const row = await findAccount(db, environment, id);
  if (!row) throw notFound('Account', id);
  const [resource] = await accountResources(db, environment, [row]);
  return resource!;
}
