/**
 * Re-delivery of past events to one webhook config, with their original webhook-id (the event
 * id): named events (which must be of the config's resource type and environment), or every
 * event delivered to the config in a time window — optionally only those whose delivery failed.
 * Each becomes a new delivery (trigger `resend`) in one transaction; the caller then wakes the
 * endpoint's delivery workflow.
 */
import { sql } from 'kysely';
import { findWebhookConfig, insertDeliveries } from '../../infra/db/repositories/webhooks.repository.js';
import { inTransaction, type Executor } from '../../infra/db/executor.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { EventRow } from '../../infra/db/tables/events.table.js';
import type { WebhookConfigRow } from '../../infra/db/tables/webhooks.table.js';
import { conflictError, notFoundError, unprocessableError } from '../domain-error.model.js';
import { webhookMessageOf } from './webhook-message.model.js';

/** The most events one resend may cover; narrow the window for more. */
export const MAX_RESEND_EVENTS = 10_000;

export type ResendSelection = { eventIds: string[] } | { since: Date; until: Date | null; onlyFailed: boolean };

async function namedEvents(db: Executor, config: WebhookConfigRow, ids: readonly string[]): Promise<EventRow[]> {
  const rows = await db.selectFrom('events').selectAll().where('id', 'in', [...ids]).where('environment', '=', config.environment).where('category', '=', 'change').execute();
  const found = new Map(rows.map((r) => [r.id, r]));
  ids.forEach((id, index) => {
    const row = found.get(id);
    if (!row) throw unprocessableError('event_not_found', `event ${id} does not exist in this environment`, `/data/attributes/event_ids/${index}`);
    if (row.resource_type !== config.resource_type) {
      throw unprocessableError('event_not_subscribed', `event ${id} is a ${row.resource_type} event; this config receives ${config.resource_type} events`, `/data/attributes/event_ids/${index}`);
    }
  });
  return ids.map((id) => found.get(id)!).filter((row, index, all) => all.findIndex((r) => r.id === row.id) === index);
}

async function deliveredEvents(db: Executor, config: WebhookConfigRow, window: { since: Date; until: Date | null; onlyFailed: boolean }): Promise<EventRow[]> {
  let q = db
    .selectFrom('events')
    .selectAll('events')
    .where('events.environment', '=', config.environment)
    .where('events.occurred_at', '>=', window.since)
    .where((eb) => eb.exists(eb.selectFrom('webhook_deliveries as d').select('d.id').where('d.endpoint_id', '=', config.id).whereRef('d.message_id', '=', 'events.id')));
  if (window.until) q = q.where('events.occurred_at', '<', window.until);
  if (window.onlyFailed) {
    // The message's latest delivery to this config failed.
    q = q.where(sql<boolean>`(select d.status from webhook_deliveries d where d.endpoint_id = ${config.id} and d.message_id = events.id order by d.created_at desc limit 1) = 'failed'`);
  }
  const rows = await q.orderBy('events.occurred_at', 'asc').limit(MAX_RESEND_EVENTS + 1).execute();
  if (rows.length > MAX_RESEND_EVENTS) throw unprocessableError('too_many_events', `more than ${MAX_RESEND_EVENTS} events match; narrow the window with until`, '/data/attributes/since');
  return rows;
}

export async function resendWebhookEvents(db: Executor, environment: Environment, configId: string, selection: ResendSelection, now: Date): Promise<{ eventIds: string[] }> {
  return inTransaction(db, async (trx) => {
    const config = await findWebhookConfig(trx, environment, configId);
    if (!config) throw notFoundError('Webhook config', configId);
    if (!config.is_active) throw conflictError('webhook_config_inactive', `Webhook config ${configId} is not active; set is_active to true first`);
    const events = 'eventIds' in selection ? await namedEvents(trx, config, selection.eventIds) : await deliveredEvents(trx, config, selection);
    await insertDeliveries(trx, events.map((event) => ({
      environment, endpoint_type: 'webhook_config' as const, endpoint_id: config.id, message_id: event.id, message_type: event.type,
      payload: webhookMessageOf(event) as never, trigger: 'resend' as const, next_attempt_at: now,
    })));
    return { eventIds: events.map((e) => e.id) };
  });
}
