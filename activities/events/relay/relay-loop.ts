/**
 * Runs a consumer for a while: step, and when the log is drained wait for the next commit
 * (LISTEN on the events channel) or a short poll interval (commits of older transactions can hold
 * events back from the horizon for a moment). Between two steps that did not fill a batch a consumer
 * waits at least its `minStepIntervalMs` (DEFAULT_MIN_STEP_INTERVAL_MS when it names none): the
 * first commit after a quiet spell is relayed at once, and under a steady stream of small commits
 * each step takes what arrived meanwhile instead of running its statements once per commit — under
 * 8 clients of sync screenings every consumer had been stepping on almost every commit, about a
 * sixth of the worker's and PostgreSQL's CPU per screening (README, Screening). Stops when its time
 * budget is spent or the signal aborts; `onProgress` is called after each step (activity heartbeats).
 */
import type { Db } from '../../../infra/db/create-db.js';
import { listenForNotifications } from '../../../infra/db/notifications.js';
import type { EventConsumer } from './event-consumer.js';
import { relayBatch } from './relay-batch.js';

export const EVENTS_CHANNEL = 'clearwatch_events';
const POLL_MS = 250;
/** Least time from one step's start to the next for a consumer that names no interval of its own. */
export const DEFAULT_MIN_STEP_INTERVAL_MS = 50;
/**
 * For consumers nobody waits on within milliseconds (the audit chain, signals to user workflows
 * waiting for a document to settle): under a steady stream they step four times a second instead of
 * twenty. After a quiet spell the first commit is still relayed at once. In alternating bench runs
 * this cut the worker's and PostgreSQL's CPU per sync screening (README, Screening).
 */
export const SLOW_CONSUMER_STEP_INTERVAL_MS = 250;

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
      const step = await relayBatch(db, consumer);
      handled += step.handled;
      run.onProgress?.(handled);
      if (step.more) continue;
      await waiter.wait(Math.min(POLL_MS, Math.max(0, end - Date.now())));
      const rest = (consumer.minStepIntervalMs ?? DEFAULT_MIN_STEP_INTERVAL_MS) - (Date.now() - stepStarted);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(rest, Math.max(0, end - Date.now()))));
    }
  } finally {
    await waiter.close();
  }
  return { handled };
}
