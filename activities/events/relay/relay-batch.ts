/**
 * One step of a consumer: under a lock on its cursor row (two relays of one consumer never
 * interleave), read the events after the cursor up to the log's horizon (rows of finished
 * transactions only), hand them to the consumer and move the cursor, in one transaction; then
 * run the consumer's after-commit work. Returns how many events were handed over.
 */
import type { Db } from '../../../infra/db/create-db.js';
import { advanceConsumer, consumerCursor, eventsAfter, logHorizon, type EventCursor } from '../../../infra/db/repositories/events.repository.js';
import type { EventConsumer } from './event-consumer.js';

export const RELAY_BATCH_SIZE = 500;

function isBefore(a: EventCursor, b: EventCursor): boolean {
  const [at, bt] = [BigInt(a.txId), BigInt(b.txId)];
  return at < bt || (at === bt && BigInt(a.sequence) < BigInt(b.sequence));
}

export async function relayBatch(db: Db, consumer: EventConsumer, limit = RELAY_BATCH_SIZE): Promise<number> {
  const horizon = await logHorizon(db);
  if (!horizon) return 0;
  const step = await db.transaction().execute(async (trx) => {
    const cursor = await consumerCursor(trx, consumer.name, { forUpdate: true });
    if (!isBefore(cursor, horizon)) return { count: 0, after: undefined };
    const events = await eventsAfter(trx, cursor, horizon, limit, { category: consumer.category, types: consumer.types, resourceTypes: consumer.resourceTypes });
    const after = events.length > 0 ? await consumer.handle(trx, events) : undefined;
    const last = events[events.length - 1];
    // A short batch read everything up to the horizon: skip past the rows the filters left out too.
    const to = events.length === limit && last ? { txId: last.tx_id, sequence: last.sequence } : horizon;
    await advanceConsumer(trx, consumer.name, to, new Date());
    return { count: events.length, after };
  });
  if (step.after) await step.after();
  return step.count;
}
