/**
 * How POST /v1/screenings (sync) and POST /v1/screenings/batch wait for screenings to finish:
 * PostgreSQL notifies the process (LISTEN on one shared connection) when a screening reaches a final
 * status — a trigger on the screenings table sends its id — so a request wakes the moment the
 * result is committed, without a Temporal long poll per request. Interest is registered before the
 * workflow starts, so a result faster than the start's answer is not missed. Every second the
 * waiter also asks the database, in case a notification was lost (a broken LISTEN connection).
 * A screening stored by this process's own screening worker is also handed over in process
 * (FinishedScreenings) with its stored row, so the handler answers with that row instead of reading
 * it back. A waiter never throws: the handler reads the records it did not get that way and answers
 * with what it finds.
 */
import type { Db } from '../../infra/db/create-db.js';
import { listenForPayloads } from '../../infra/db/notifications.js';
import { findScreenings, SCREENING_FINISHED_CHANNEL } from '../../infra/db/repositories/screenings.repository.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { ScreeningRow } from '../../infra/db/tables/screenings.table.js';
import type { Logger } from '../../infra/logger/logger.js';
import type { FinishedScreenings } from '../../activities/screening/finished-screenings.model.js';

/** The spec's synchronous screening wait. */
export const SYNC_SCREENING_WAIT_MS = 55_000;
const RECHECK_MS = 1000;

export interface CompletionWait {
  /** Resolves when every screening expected has finished, or after `ms`. */
  until(ms: number): Promise<void>;
  /** Stops waiting (the workflow did not start). */
  cancel(): void;
  /** The final row this process stored for `id` while waiting (undefined: read the record). */
  finished(id: string): ScreeningRow | undefined;
}

/**
 * The records a request answers with after its wait: the rows this process's worker handed over,
 * the rest read back (a record not found is left out).
 */
export async function rowsAfterWait(db: Db, environment: Environment, wait: CompletionWait, ids: readonly string[]): Promise<Map<string, ScreeningRow>> {
  const rows = new Map<string, ScreeningRow>();
  const unknown: string[] = [];
  for (const id of ids) {
    const row = wait.finished(id);
    if (row) rows.set(id, row);
    else unknown.push(id);
  }
  if (unknown.length > 0) for (const row of await findScreenings(db, environment, unknown)) rows.set(row.id, row);
  return rows;
}

export interface ScreeningCompletionWaiter {
  expect(environment: Environment, ids: readonly string[]): Promise<CompletionWait>;
}

type Subscription = Awaited<ReturnType<typeof listenForPayloads>>;

type Wake = (row?: ScreeningRow) => void;

export function notifiedCompletionWaiter(db: Db, log: Logger, finishedHere?: FinishedScreenings): ScreeningCompletionWaiter {
  const waiting = new Map<string, Set<Wake>>();
  let subscription: Promise<Subscription> | undefined;

  const onFinished = (id: string) => {
    for (const wake of waiting.get(id) ?? []) wake();
  };
  finishedHere?.subscribe((rows) => {
    for (const row of rows) {
      for (const wake of waiting.get(row.id) ?? []) {
        try {
          wake(row);
        } catch (error) {
          // That request reads its record back; the other rows are still handed over.
          log.warn({ err: error, screeningId: row.id }, 'could not hand a finished screening over');
        }
      }
    }
  });
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
      const rows = new Map<string, ScreeningRow>();
      const allHandedOver = () => ids.every((id) => rows.has(id));
      let settle: (() => void) | undefined;
      const wakers = new Map<string, Wake>();
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
        const wake: Wake = (row) => {
          // A final row of this environment (ids are unique, but a wait answers for its own environment only).
          if (row && row.environment === environment) rows.set(id, row);
          done(id);
        };
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
            // The notification and this process's hand-over both follow the commit, in either order:
            // woken by the notification first, the rows get a moment (handOverGraceMs) to arrive;
            // rows that do not (a standalone worker ran them) are read back by the handler.
            if (finishedHere?.active && open.size === 0 && !allHandedOver()) {
              await new Promise<void>((resolve) => {
                const timer = setTimeout(resolve, finishedHere.handOverGraceMs);
                settle = () => {
                  if (!allHandedOver()) return;
                  clearTimeout(timer);
                  resolve();
                };
              });
            }
          } finally {
            settle = undefined;
            forget();
          }
        },
        cancel: forget,
        finished: (id) => rows.get(id),
      };
    },
  };
}
