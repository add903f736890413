/**
 * Data access for the audit log: the per-environment chain head (locked by every append, so the
 * chain has one writer at a time per environment), inserts, the filtered list, and the walk in
 * chain order for verification. The table itself refuses UPDATE and DELETE.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../database.js';
import type { Executor, Trx } from '../executor.js';
import type { AuditEventRow, AuditEventsTable } from '../tables/audit.table.js';
import type { Environment } from '../tables/common.js';
import type { Insertable } from 'kysely';

export const GENESIS_HASH = '0'.repeat(64);

/** Locks the environment's chain head (created at the genesis hash when missing) and returns it. */
export async function lockChainHead(trx: Trx, environment: Environment): Promise<{ lastSequence: number; lastHash: string }> {
  await trx
    .insertInto('audit_chain_heads')
    .values({ environment, last_sequence: 0, last_hash: GENESIS_HASH })
    .onConflict((oc) => oc.column('environment').doNothing())
    .execute();
  const head = await trx.selectFrom('audit_chain_heads').selectAll().where('environment', '=', environment).forUpdate().executeTakeFirstOrThrow();
  return { lastSequence: Number(head.last_sequence), lastHash: head.last_hash };
}

export async function insertAuditEvents(trx: Trx, rows: readonly Insertable<AuditEventsTable>[]): Promise<AuditEventRow[]> {
  if (rows.length === 0) return [];
  return trx.insertInto('audit_events').values([...rows]).returningAll().execute();
}

export async function moveChainHead(trx: Trx, environment: Environment, lastSequence: number, lastHash: string): Promise<void> {
  await trx.updateTable('audit_chain_heads').set({ last_sequence: lastSequence, last_hash: lastHash }).where('environment', '=', environment).execute();
}

export async function chainHead(db: Executor, environment: Environment): Promise<{ lastSequence: number; lastHash: string } | undefined> {
  const head = await db.selectFrom('audit_chain_heads').selectAll().where('environment', '=', environment).executeTakeFirst();
  return head ? { lastSequence: Number(head.last_sequence), lastHash: head.last_hash } : undefined;
}

/** The next rows of the chain after `afterSequence`, in order. */
export async function chainSegment(db: Executor, environment: Environment, afterSequence: number, limit: number): Promise<AuditEventRow[]> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('environment', '=', environment)
    .where('sequence', '>', String(afterSequence) as never)
    .orderBy('sequence', 'asc')
    .limit(limit)
    .execute();
}

export async function findAuditEvent(db: Executor, environment: Environment, id: string): Promise<AuditEventRow | undefined> {
  return db.selectFrom('audit_events').selectAll().where('environment', '=', environment).where('id', '=', id).executeTakeFirst();
}

export interface AuditEventFilters {
  /** Exact action, or a prefix when it ends with `*` (`screening.*`). */
  action?: string | undefined;
  resourceType?: string | undefined;
  resourceId?: string | undefined;
  actorId?: string | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
}

export function auditEventListQuery(db: Executor, environment: Environment, f: AuditEventFilters): SelectQueryBuilder<Database, 'audit_events', AuditEventRow> {
  let q = db.selectFrom('audit_events').selectAll().where('audit_events.environment', '=', environment);
  if (f.action) {
    q = f.action.endsWith('*')
      ? q.where(sql<boolean>`starts_with(audit_events.action, ${f.action.slice(0, -1)})`)
      : q.where('audit_events.action', '=', f.action);
  }
  if (f.resourceType) q = q.where('audit_events.resource_type', '=', f.resourceType);
  if (f.resourceId) q = q.where('audit_events.resource_id', '=', f.resourceId);
  if (f.actorId) q = q.where('audit_events.actor_id', '=', f.actorId);
  if (f.since) q = q.where('audit_events.occurred_at', '>=', f.since);
  if (f.until) q = q.where('audit_events.occurred_at', '<', f.until);
  return q;
}

/** Audit events of an environment after a chain position up to another, in order (streams read these). */
export async function auditEventsAfter(db: Executor, environment: Environment, afterSequence: number, upTo: number, limit: number, actionPrefix: string | null): Promise<AuditEventRow[]> {
  let q = db
    .selectFrom('audit_events')
    .selectAll()
    .where('environment', '=', environment)
    .where('sequence', '>', String(afterSequence) as never)
    .where('sequence', '<=', String(upTo) as never);
  if (actionPrefix) q = q.where(sql<boolean>`starts_with(action, ${actionPrefix})`);
  return q.orderBy('sequence', 'asc').limit(limit).execute();
}
