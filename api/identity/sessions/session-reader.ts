/** Reads sessions with their relationships and serializes them: the one path every session route answers through. */
import { findSession, sessionRelationships } from '../../../infra/db/repositories/identity-sessions.repository.js';
import type { Db } from '../../../infra/db/create-db.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import type { SessionRow } from '../../../infra/db/tables/sessions.table.js';
import { notFound } from '../../http/errors.js';
import { toSessionResource } from './session.serializer.js';

export async function sessionResources(db: Db, environment: Environment, rows: readonly SessionRow[], now: Date) {
  const relations = await sessionRelationships(db, environment, rows.map((r) => r.id));
  return rows.map((row) => toSessionResource(row, { documents: relations.documents.get(row.id) ?? [], businessId: relations.business.get(row.id) ?? null }, now));
}

export async function sessionResourceById(db: Db, environment: Environment, id: string, now: Date) {
  const row = await findSession(db, environment, id);
  if (!row) throw notFound('Session', id);
  const [resource] = await sessionResources(db, environment, [row], now);
  return resource!;
}
