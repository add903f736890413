/** Data access for audit streams: where an environment's audit events are pushed, and how far. */
import type { Insertable, SelectQueryBuilder } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import type { AuditStreamRow, AuditStreamsTable } from '../tables/audit.table.js';
import type { Environment } from '../tables/common.js';

export async function insertAuditStream(db: Executor, row: Insertable<AuditStreamsTable>): Promise<AuditStreamRow> {
  return db.insertInto('audit_streams').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findAuditStream(db: Executor, environment: Environment, id: string, options: { forUpdate?: boolean } = {}): Promise<AuditStreamRow | undefined> {
  let q = db.selectFrom('audit_streams').selectAll().where('environment', '=', environment).where('id', '=', id).where('deleted_at', 'is', null);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findAuditStreamById(db: Executor, id: string, options: { forUpdate?: boolean } = {}): Promise<AuditStreamRow | undefined> {
  let q = db.selectFrom('audit_streams').selectAll().where('id', '=', id);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function updateAuditStream(db: Executor, id: string, changes: Partial<Record<keyof AuditStreamRow, unknown>>): Promise<AuditStreamRow> {
  return db.updateTable('audit_streams').set(changes as never).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function auditStreamListQuery(db: Executor, environment: Environment): SelectQueryBuilder<Database, 'audit_streams', AuditStreamRow> {
  return db.selectFrom('audit_streams').selectAll().where('audit_streams.environment', '=', environment).where('audit_streams.deleted_at', 'is', null);
}

export async function activeAuditStreams(db: Executor): Promise<AuditStreamRow[]> {
  return db.selectFrom('audit_streams').selectAll().where('deleted_at', 'is', null).where('is_active', '=', true).execute();
}
