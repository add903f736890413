/**
 * One step of a consumer: under a lock on its cursor row (two relays of one consumer never
 * interleave), read the events after the cursor up to the log's horizon (rows of finished
 * transactions only), hand them to the consumer and move the cursor, in one transaction; then
 * run the consumer's after-commit work.
 *
 * A consumer that names the types or resource types it acts on reads only those, and the events in
 * between are scanned, not read: one step of such a consumer scans at most FILTERED_SCAN_WINDOW
 * events of the log (found through the cursor index), so one far behind — a new one starts at the
 * log's beginning — moves forward window by window in short transactions instead of one scan of the
 * whole log, which would hold the horizon back for every other consumer while it ran. A consumer
 * that names only a category is not windowed: most events are state changes (a mutating request
 * writes its change events beside its audit record), so its batch of 500 is found within a short scan,
 * and the window's statement on every step of the webhooks consumer — the one that steps most often —
 * cost about what the filters saved (README, Screening → Measured).
 */
import type { Db } from '../../../infra/db/create-db.js';
import { advanceConsumer, consumerCursor, eventsAfter, logHorizon, positionAfter, type EventCursor } from '../../../infra/db/repositories/events.repository.js';
import type { EventConsumer } from './event-consumer.js';

export const RELAY_BATCH_SIZE = 500;
/** Most events one step of a filtered consumer scans. */
export const FILTERED_SCAN_WINDOW = 10_000;

export interface RelayStep {
  /** Events handed to the consumer. */
  handled: number;
  /** More may be waiting already (a full batch, or a scan window that ended before the horizon): step again at once. */
  more: boolean;
}

function isBefore(a: EventCursor, b: EventCursor): boolean {
  const [at, bt] = [BigInt(a.txId), BigInt(b.txId)];
  return at < bt || (at === bt && BigInt(a.sequence) < BigInt(b.sequence));
}

export async function relayBatch(db: Db, consumer: EventConsumer, limit = RELAY_BATCH_SIZE, scanWindow = FILTERED_SCAN_WINDOW): Promise<RelayStep> {
  if (consumer.types?.length === 0 || consumer.resourceTypes?.length === 0) {
    throw new Error(`consumer ${consumer.name}: an event filter lists no type, which would skip every event`);
  }
  if (!(limit >= 1 && scanWindow >= 1)) throw new Error('relayBatch: limit and scanWindow are at least 1');
  const horizon = await logHorizon(db);
  if (!horizon) return { handled: 0, more: false };
  const filtered = consumer.types !== undefined || consumer.resourceTypes !== undefined;
  const step = await db.transaction().execute(async (trx) => {
    const cursor = await consumerCursor(trx, consumer.name, { forUpdate: true });
    if (!isBefore(cursor, horizon)) return { handled: 0, more: false, after: undefined };
    const windowEnd = filtered ? await positionAfter(trx, cursor, horizon, scanWindow) : undefined;
    const upTo = windowEnd ?? horizon;
    const events = await eventsAfter(trx, cursor, upTo, limit, { category: consumer.category, types: consumer.types, resourceTypes: consumer.resourceTypes });
    const after = events.length > 0 ? await consumer.handle(trx, events) : undefined;
    const last = events[events.length - 1];
    const full = events.length === limit && last !== undefined;
    // A short batch read everything up to upTo: skip past the rows the filters left out too.
    const to = full ? { txId: last.tx_id, sequence: last.sequence } : upTo;
    await advanceConsumer(trx, consumer.name, to, new Date());
    return { handled: events.length, more: full || (windowEnd !== undefined && isBefore(windowEnd, horizon)), after };
  });
  if (step.after) await step.after();
  return { handled: step.handled, more: step.more };
}
