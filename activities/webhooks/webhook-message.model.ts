/**
 * The body a webhook carries: `{type, timestamp, data}` with `type` the event type
 * (`<resource_type>.<status>`), `timestamp` when the event happened, and `data` the resource at
 * the event — `{type, id, environment, attributes}`, the attributes being the event's payload
 * (ids, statuses and codes, never personal data: fetch the resource for the full record).
 */
import type { Environment } from '../../infra/db/tables/common.js';
import type { EventRow } from '../../infra/db/tables/events.table.js';
import { parseEventType } from '../events/catalog/event-catalog.js';

export interface WebhookMessage {
  type: string;
  timestamp: string;
  data: { type: string; id: string; environment: Environment; attributes: Record<string, unknown> };
}

export function webhookMessageOf(event: EventRow): WebhookMessage {
  const parsed = parseEventType(event.type);
  const attributes = event.payload as Record<string, unknown>;
  return {
    type: event.type,
    timestamp: event.occurred_at.toISOString(),
    data: {
      type: parsed?.family.dataType?.(attributes as never) ?? event.resource_type ?? 'unknown',
      id: event.resource_id ?? '',
      environment: event.environment,
      attributes,
    },
  };
}

/** The exact bytes sent (and signed): the members in their documented order. */
export function webhookBody(message: WebhookMessage): string {
  return JSON.stringify({ type: message.type, timestamp: message.timestamp, data: message.data });
}
