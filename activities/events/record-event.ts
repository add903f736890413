/**
 * The one event writer. Every state change calls `recordEvent` inside the transaction that makes
 * the change, so the event exists exactly when the change does; the payload is checked against
 * the catalog. Audit-only records (API requests, CLI actions, reads of personal data) go through
 * `recordAuditRecords` into the same log, where the audit consumer chains them.
 */
import { insertEvents, type EventInsert } from '../../infra/db/repositories/events.repository.js';
import type { Executor, Trx } from '../../infra/db/executor.js';
import type { Environment } from '../../infra/db/tables/common.js';
import { actorColumns, type Actor } from './actor.model.js';
import { parseEventType, type EventPayload, type EventType } from './catalog/event-catalog.js';

export interface NewEvent<T extends EventType> {
  type: T;
  environment: Environment;
  resourceId: string;
  payload: EventPayload<T>;
}

/** Any one event of the catalog, its payload typed by its type. */
export type AnyNewEvent = { [T in EventType]: NewEvent<T> }[EventType];

/** The row to insert for an event (its payload checked against the catalog). */
export function eventInsertOf(actor: Actor, event: AnyNewEvent): EventInsert {
  const parsed = parseEventType(event.type);
  if (!parsed) throw new Error(`unknown event type ${event.type}`);
  const payload = parsed.family.payload.parse(event.payload) as Record<string, unknown>;
  const who = actorColumns(actor);
  return {
    environment: event.environment,
    type: event.type,
    category: 'change',
    resourceType: parsed.resourceType,
    resourceId: event.resourceId,
    status: parsed.status,
    actorType: who.actor_type,
    actorId: who.actor_id,
    actorName: who.actor_name,
    requestId: who.request_id,
    payload,
  };
}

/** Records one state change in the caller's transaction; returns the event id. */
export async function recordEvent<T extends EventType>(trx: Trx, actor: Actor, event: NewEvent<T>): Promise<string> {
  const [id] = await insertEvents(trx, [eventInsertOf(actor, event as AnyNewEvent)]);
  return id!;
}

/** Records several state changes of one transaction in one statement. */
export async function recordEvents(trx: Trx, actor: Actor, events: readonly AnyNewEvent[]): Promise<string[]> {
  return insertEvents(trx, events.map((e) => eventInsertOf(actor, e)));
}

/** An audit-only record: something was done or read that changed no resource state. */
export interface AuditRecord {
  actor: Actor;
  environment: Environment;
  /** `<resource_type>.<verb>`, e.g. `screening.create`, `account.read`, `api_key.revoke`. */
  action: string;
  resourceType: string | null;
  resourceId: string | null;
  /** Request facts (method, route, status, client ip, user agent) or CLI facts; never personal data. */
  details: Record<string, unknown>;
}

export async function recordAuditRecords(db: Executor, records: readonly AuditRecord[]): Promise<void> {
  await insertEvents(
    db,
    records.map((r) => {
      const who = actorColumns(r.actor);
      return {
      environment: r.environment,
      type: r.action,
      category: 'audit',
      resourceType: r.resourceType,
      resourceId: r.resourceId,
      status: null,
      actorType: who.actor_type,
      actorId: who.actor_id,
      actorName: who.actor_name,
      requestId: who.request_id,
      payload: r.details,
      };
    }),
  );
}
