/**
 * The one outbox writer. Call it inside the transaction that changes the resource, so the event
 * exists exactly when the change does.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database.js';
import type { Environment } from '../tables/common.js';
import type { OutboxEventRow } from '../tables/outbox-events.table.js';

export interface OutboxEvent {
  environment: Environment;
  resourceType: string;
  resourceId: string;
  status: string;
  payload?: Record<string, unknown>;
}

export async function writeOutboxEvent(trx: Transaction<Database>, event: OutboxEvent): Promise<void> {
  await trx
    .insertInto('outbox_events')
    .values({
      environment: event.environment,
      resource_type: event.resourceType,
      resource_id: event.resourceId,
      status: event.status,
      payload: JSON.stringify(event.payload ?? {}),
      published_at: null,
    })
    .execute();
}

export async function listOutboxEventsForResource(db: Kysely<Database> | Transaction<Database>, resourceId: string): Promise<OutboxEventRow[]> {
  return db.selectFrom('outbox_events').selectAll().where('resource_id', '=', resourceId).orderBy('sequence', 'asc').execute();
}
