/**
 * Data access for webhook configurations, the deliveries owed to endpoints (webhook configs and
 * https audit streams) and their attempts. Every query of configs is scoped to one environment.
 */
import { sql, type SelectQueryBuilder, type Insertable } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type {
  EndpointType,
  WebhookConfigRow,
  WebhookConfigsTable,
  WebhookDeliveriesTable,
  WebhookDeliveryAttemptRow,
  WebhookDeliveryRow,
} from '../tables/webhooks.table.js';

// ---- configs

export async function insertWebhookConfig(db: Executor, row: Insertable<WebhookConfigsTable>): Promise<WebhookConfigRow> {
  return db.insertInto('webhook_configs').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findWebhookConfig(db: Executor, environment: Environment, id: string, options: { forUpdate?: boolean } = {}): Promise<WebhookConfigRow | undefined> {
  let q = db.selectFrom('webhook_configs').selectAll().where('environment', '=', environment).where('id', '=', id).where('deleted_at', 'is', null);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A config by id whatever its environment or state (the delivery engine's view). */
export async function findWebhookConfigById(db: Executor, id: string): Promise<WebhookConfigRow | undefined> {
  return db.selectFrom('webhook_configs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateWebhookConfig(db: Executor, id: string, changes: Partial<Record<keyof WebhookConfigRow, unknown>>): Promise<WebhookConfigRow> {
  return db.updateTable('webhook_configs').set(changes as never).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function webhookConfigListQuery(
  db: Executor, environment: Environment, filters: { resourceType?: string | undefined; isActive?: boolean | undefined },
): SelectQueryBuilder<Database, 'webhook_configs', WebhookConfigRow> {
  let q = db.selectFrom('webhook_configs').selectAll().where('webhook_configs.environment', '=', environment).where('webhook_configs.deleted_at', 'is', null);
  if (filters.resourceType) q = q.where('webhook_configs.resource_type', '=', filters.resourceType);
  if (filters.isActive !== undefined) q = q.where('webhook_configs.is_active', '=', filters.isActive);
  return q;
}

/** Active configs subscribed to any of these resource types, in these environments. */
export async function activeConfigsFor(db: Executor, environments: readonly Environment[], resourceTypes: readonly string[]): Promise<WebhookConfigRow[]> {
  if (environments.length === 0 || resourceTypes.length === 0) return [];
  return db
    .selectFrom('webhook_configs')
    .selectAll()
    .where('environment', 'in', [...environments])
    .where('resource_type', 'in', [...resourceTypes])
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .execute();
}

// ---- deliveries

export type NewDelivery = Omit<Insertable<WebhookDeliveriesTable>, 'payload'> & { payload: Record<string, unknown> };

/** Inserts deliveries; an event already owed to an endpoint is not owed twice. Returns how many were new. */
export async function insertDeliveries(db: Executor, deliveries: readonly NewDelivery[]): Promise<number> {
  if (deliveries.length === 0) return 0;
  const result = await db
    .insertInto('webhook_deliveries')
    .values(deliveries.map((d) => ({ ...d, payload: JSON.stringify(d.payload) as never })))
    .onConflict((oc) => oc.columns(['endpoint_id', 'message_id']).where('trigger', '=', 'event').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Deliveries of one endpoint that are due, oldest due first. */
export async function dueDeliveries(db: Executor, endpointId: string, now: Date, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at', 'asc')
    .limit(limit)
    .execute();
}

/** How many deliveries of the endpoint are still pending, and when the earliest is due. */
export async function pendingSummary(db: Executor, endpointId: string): Promise<{ pending: number; nextDueAt: Date | null }> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select([sql<string>`count(*)`.as('n'), sql<Date | null>`min(next_attempt_at)`.as('next')])
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.n), nextDueAt: row.next };
}

export interface AttemptResult {
  deliveryId: string;
  environment: Environment;
  endpointId: string;
  attempt: number;
  attemptedAt: Date;
  succeeded: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** When the next attempt is due; null when the delivery is finished (succeeded or failed for good). */
  nextAttemptAt: Date | null;
}

/** Records a round of attempts: one attempt row each, and each delivery's new state. */
export async function recordAttempts(db: Executor, results: readonly AttemptResult[], at: Date): Promise<void> {
  if (results.length === 0) return;
  await db
    .insertInto('webhook_delivery_attempts')
    .values(results.map((r) => ({
      environment: r.environment, delivery_id: r.deliveryId, endpoint_id: r.endpointId, attempt: r.attempt, attempted_at: r.attemptedAt,
      succeeded: r.succeeded, status_code: r.statusCode, latency_ms: r.latencyMs, error: r.error, next_attempt_at: r.nextAttemptAt,
    })))
    .execute();
  const values = results.map((r) => {
    const status = r.succeeded ? 'succeeded' : r.nextAttemptAt ? 'pending' : 'failed';
    return sql`(${r.deliveryId}::uuid, ${status}::text, ${r.attempt}::int, ${r.nextAttemptAt}::timestamptz, ${r.statusCode}::int, ${r.error}::text)`;
  });
  await sql`
    update webhook_deliveries d set
      status = v.status, attempts = v.attempts, next_attempt_at = v.next_attempt_at,
      last_status_code = v.status_code, last_error = v.error, updated_at = ${at},
      completed_at = case when v.status = 'pending' then null else ${at}::timestamptz end
    from (values ${sql.join(values)}) as v(id, status, attempts, next_attempt_at, status_code, error)
    where d.id = v.id and d.status = 'pending'`.execute(db);
}

/** Ends every pending delivery of an endpoint that no longer receives (deleted or deactivated). */
export async function failPendingDeliveries(db: Executor, endpointId: string, reason: string, at: Date): Promise<number> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null, last_error: reason, updated_at: at, completed_at: at })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Endpoints with pending deliveries (to wake their workflows after a crash). */
export async function endpointsWithPendingDeliveries(db: Executor): Promise<{ endpoint_id: string; endpoint_type: EndpointType; environment: Environment }[]> {
  return db.selectFrom('webhook_deliveries').select(['endpoint_id', 'endpoint_type', 'environment']).distinct().where('status', '=', 'pending').execute();
}

export function attemptListQuery(db: Executor, environment: Environment, endpointId: string): SelectQueryBuilder<Database, 'webhook_delivery_attempts', WebhookDeliveryAttemptRow & { message_id: string; message_type: string; trigger: string }> {
  return db
    .selectFrom('webhook_delivery_attempts')
    .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_delivery_attempts.delivery_id')
    .selectAll('webhook_delivery_attempts')
    .select(['webhook_deliveries.message_id', 'webhook_deliveries.message_type', 'webhook_deliveries.trigger'])
    .where('webhook_delivery_attempts.environment', '=', environment)
    .where('webhook_delivery_attempts.endpoint_id', '=', endpointId) as never;
}
