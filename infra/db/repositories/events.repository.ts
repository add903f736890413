/**
 * Data access for the event log and its consumers' cursors. Writers insert rows inside the
 * transaction of the change they record. Readers take rows after their cursor, ordered by
 * (tx_id, sequence), and only rows of transactions older than every transaction still running, so
 * a row that commits late can never fall behind a cursor that has already moved past it.
 */
import { sql } from 'kysely';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type { ActorType, EventCategory, EventRow } from '../tables/events.table.js';

export interface EventInsert {
  environment: Environment;
  type: string;
  category: EventCategory;
  resourceType: string | null;
  resourceId: string | null;
  status: string | null;
  actorType: ActorType;
  actorId: string | null;
  actorName: string | null;
  requestId: string | null;
  payload: Record<string, unknown>;
}

/** The column values of an event row (tx_id and sequence come from the database). */
export function eventRowValues(e: EventInsert) {
  return {
    environment: e.environment,
    type: e.type,
    category: e.category,
    resource_type: e.resourceType,
    resource_id: e.resourceId,
    status: e.status,
    actor_type: e.actorType,
    actor_id: e.actorId,
    actor_name: e.actorName,
    request_id: e.requestId,
    payload: JSON.stringify(e.payload),
  };
}

export async function insertEvents(db: Executor, events: readonly EventInsert[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = await db.insertInto('events').values(events.map(eventRowValues)).returning('id').execute();
  return rows.map((r) => r.id);
}

/** The state changes of one resource, in the order they happened (audit-only records left out). */
export async function eventsOfResource(db: Executor, resourceId: string): Promise<EventRow[]> {
  return db.selectFrom('events').selectAll().where('resource_id', '=', resourceId).where('category', '=', 'change').orderBy('tx_id', 'asc').orderBy('sequence', 'asc').execute();
}

export interface EventCursor {
  txId: string;
  sequence: string;
}

/** The consumer's cursor, created at the start of the log when the consumer is new. */
export async function consumerCursor(db: Executor, consumer: string, options: { forUpdate?: boolean } = {}): Promise<EventCursor> {
  let query = db.selectFrom('event_consumers').select(['last_tx_id', 'last_sequence']).where('name', '=', consumer);
  if (options.forUpdate) query = query.forUpdate();
  // Create the row only when it is missing (a consumer's first step): an insert attempt on every
  // step was one more write statement per step of every consumer.
  let row = await query.executeTakeFirst();
  if (!row) {
    await db.insertInto('event_consumers').values({ name: consumer }).onConflict((oc) => oc.column('name').doNothing()).execute();
    row = await query.executeTakeFirstOrThrow();
  }
  return { txId: row.last_tx_id, sequence: row.last_sequence };
}

/** Moves a consumer's cursor forward (never back). */
export async function advanceConsumer(db: Executor, consumer: string, to: EventCursor, at: Date): Promise<void> {
  await db
    .updateTable('event_consumers')
    .set({ last_tx_id: to.txId, last_sequence: to.sequence, updated_at: at })
    .where('name', '=', consumer)
    .where(sql<boolean>`(last_tx_id, last_sequence) < (${to.txId}::xid8, ${to.sequence}::bigint)`)
    .execute();
}

/** Starts a new consumer at the end of the log (it sees only what happens from now on). */
export async function startConsumerAtEnd(db: Executor, consumer: string): Promise<void> {
  const last = await db.selectFrom('events').select(['tx_id', 'sequence']).orderBy('tx_id', 'desc').orderBy('sequence', 'desc').limit(1).executeTakeFirst();
  await db
    .insertInto('event_consumers')
    .values({ name: consumer, last_tx_id: last?.tx_id ?? '0', last_sequence: last?.sequence ?? '0' })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Events after `cursor`, up to and including `upTo`, in log order (the cursor index's range). */
const between = (cursor: EventCursor, upTo: EventCursor) =>
  sql<boolean>`(tx_id, sequence) > (${cursor.txId}::xid8, ${cursor.sequence}::bigint) and (tx_id, sequence) <= (${upTo.txId}::xid8, ${upTo.sequence}::bigint)`;

/**
 * The next events after `cursor` up to `upTo` (a horizon from logHorizon), oldest first.
 * `category`, `types` and `resourceTypes` narrow the rows returned (lists are not empty: relayBatch
 * refuses a consumer naming none); a consumer that read fewer than `limit` rows may move its cursor
 * to `upTo`, past the rows it ignores.
 */
export async function eventsAfter(
  db: Executor, cursor: EventCursor, upTo: EventCursor, limit: number,
  filter: { category?: EventCategory; types?: readonly string[]; resourceTypes?: readonly string[] } = {},
): Promise<EventRow[]> {
  let query = db.selectFrom('events').selectAll().where(between(cursor, upTo));
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.types) query = query.where('type', 'in', [...filter.types]);
  if (filter.resourceTypes) query = query.where('resource_type', 'in', [...filter.resourceTypes]);
  return query.orderBy('tx_id', 'asc').orderBy('sequence', 'asc').limit(limit).execute();
}

/**
 * The position `rows` events after `cursor` when the log holds that many up to `upTo` (else
 * undefined): read from the cursor index alone, it bounds how far one filtered read scans.
 */
export async function positionAfter(db: Executor, cursor: EventCursor, upTo: EventCursor, rows: number): Promise<EventCursor | undefined> {
  const row = await db
    .selectFrom('events')
    .select(['tx_id', 'sequence'])
    .where(between(cursor, upTo))
    .orderBy('tx_id', 'asc')
    .orderBy('sequence', 'asc')
    .offset(rows - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? { txId: row.tx_id, sequence: row.sequence } : undefined;
}

/**
 * The newest event of a finished transaction: every row at or before it is visible now, and no
 * row can ever appear before it later (its transaction and all older ones have ended).
 */
export async function logHorizon(db: Executor): Promise<EventCursor | undefined> {
  const row = await db
    .selectFrom('events')
    .select(['tx_id', 'sequence'])
    .where(sql<boolean>`tx_id < pg_snapshot_xmin(pg_current_snapshot())`)
    .orderBy('tx_id', 'desc')
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { txId: row.tx_id, sequence: row.sequence } : undefined;
}
