/**
 * How POST /v1/screenings (sync) and POST /v1/screenings/batch wait for screenings to finish:
 * PostgreSQL notifies the process (LISTEN on one shared connection) when a screening reaches a final
 * status — a trigger on the screenings table sends its id — so a request wakes the moment the
 * result is committed, without a Temporal long poll per request. Interest is registered before the
 * workflow starts, so a result faster than the start's answer is not missed. Every second the
 * waiter also asks the database, in case a notification was lost (a broken LISTEN connection).
 * A waiter never throws: the handler reads the records either way and answers with what it finds.
 */
import type { Db } from '../../infra/db/create-db.js';
import { listenForPayloads } from '../../infra/db/notifications.js';
import { SCREENING_FINISHED_CHANNEL } from '../../infra/db/repositories/screenings.repository.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { Logger } from '../../infra/logger/logger.js';

/** The spec's synchronous screening wait. */
export const SYNC_SCREENING_WAIT_MS = 55_000;
const RECHECK_MS = 1000;

export interface CompletionWait {
  /** Resolves when every screening expected has finished, or after `ms`. */
  until(ms: number): Promise<void>;
  /** Stops waiting (the workflow did not start). */
  cancel(): void;
}

export interface ScreeningCompletionWaiter {
  expect(environment: Environment, ids: readonly string[]): Promise<CompletionWait>;
}

type Subscription = Awaited<ReturnType<typeof listenForPayloads>>;

export function notifiedCompletionWaiter(db: Db, log: Logger): ScreeningCompletionWaiter {
  const waiting = new Map<string, Set<() => void>>();
  let subscription: Promise<Subscription> | undefined;

  const onFinished = (id: string) => {
    for (const wake of waiting.get(id) ?? []) wake();
  };
  const subscribed = async () => {
    const current = subscription ? await subscription.catch(() => undefined) : undefined;
    if (!current || current.broken()) {
      subscription = listenForPayloads(db, SCREENING_FINISHED_CHANNEL, onFinished);
      subscription.catch((error: unknown) => log.warn({ err: error }, 'could not listen for finished screenings; polling instead'));
    }
    await subscription!.catch(() => undefined);
  };

  const finishedAmong = async (environment: Environment, ids: readonly string[]): Promise<string[]> => {
    const rows = await db.selectFrom('screenings').select('id').where('environment', '=', environment).where('id', 'in', [...ids]).where('status', 'in', ['completed', 'failed', 'not_found']).execute();
    return rows.map((r) => r.id);
  };

  return {
    async expect(environment, ids) {
      await subscribed();
      const open = new Set(ids);
      let settle: (() => void) | undefined;
      const wakers = new Map<string, () => void>();
      const forget = () => {
        for (const [id, wake] of wakers) {
          const set = waiting.get(id);
          set?.delete(wake);
          if (set?.size === 0) waiting.delete(id);
        }
        wakers.clear();
      };
      const done = (id: string) => {
        open.delete(id);
        if (open.size === 0) settle?.();
      };
      for (const id of ids) {
        const wake = () => done(id);
        wakers.set(id, wake);
        let set = waiting.get(id);
        if (!set) waiting.set(id, (set = new Set()));
        set.add(wake);
      }
      return {
        async until(ms) {
          const deadline = Date.now() + ms;
          try {
            while (open.size > 0 && Date.now() < deadline) {
              await new Promise<void>((resolve) => {
                const timer = setTimeout(resolve, Math.min(RECHECK_MS, deadline - Date.now()));
                settle = () => {
                  clearTimeout(timer);
                  resolve();
                };
              });
              if (open.size === 0 || Date.now() >= deadline) break;
              for (const id of await finishedAmong(environment, [...open]).catch(() => [])) done(id);
            }
          } finally {
            settle = undefined;
            forget();
          }
        },
        cancel: forget,
      };
    },
  };
}
