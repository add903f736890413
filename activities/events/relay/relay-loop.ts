/**
 * Runs a consumer for a while: step, and when the log is drained wait for the next commit
 * (LISTEN on the events channel) or a short poll interval (commits of older transactions can hold
 * events back from the horizon for a moment); a consumer with `minStepIntervalMs` steps no more
 * often than that while the log is quiet. Stops when its time budget is spent or the signal
 * aborts; `onProgress` is called after each step (activity heartbeats).
 */
import type { Db } from '../../../infra/db/create-db.js';
import { listenForNotifications } from '../../../infra/db/notifications.js';
import type { EventConsumer } from './event-consumer.js';
import { relayBatch, RELAY_BATCH_SIZE } from './relay-batch.js';

export const EVENTS_CHANNEL = 'clearwatch_events';
const POLL_MS = 250;

export interface RelayRun {
  budgetMs: number;
  signal?: AbortSignal;
  onProgress?: (handled: number) => void;
}

export async function runConsumer(db: Db, consumer: EventConsumer, run: RelayRun): Promise<{ handled: number }> {
  const waiter = await listenForNotifications(db, EVENTS_CHANNEL);
  let handled = 0;
  try {
    await consumer.recover?.();
    const end = Date.now() + run.budgetMs;
    while (Date.now() < end && !run.signal?.aborted) {
      const stepStarted = Date.now();
      const n = await relayBatch(db, consumer);
      handled += n;
      run.onProgress?.(handled);
      if (n >= RELAY_BATCH_SIZE) continue;
      await waiter.wait(Math.min(POLL_MS, Math.max(0, end - Date.now())));
      const rest = (consumer.minStepIntervalMs ?? 0) - (Date.now() - stepStarted);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(rest, Math.max(0, end - Date.now()))));
    }
  } finally {
    await waiter.close();
  }
  return { handled };
}
