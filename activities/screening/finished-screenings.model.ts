/**
 * Screenings this process has just stored in a final status, for the requests of this process that
 * wait for them (a sync POST /v1/screenings, a batch with sync items). The API's own screening
 * worker publishes the rows its run activity stored, after their transaction committed; the
 * completion waiter takes the rows it waits for and answers with them instead of reading them
 * back. Other processes still learn of completions from PostgreSQL's notification (and a waiter
 * that got no row here reads the record, as before). Nothing is kept: a row no request waits for
 * is dropped at once.
 */
import type { ScreeningRow } from '../../infra/db/tables/screenings.table.js';

export type FinishedScreeningsListener = (rows: readonly ScreeningRow[]) => void;

/** How long a waiter woken by PostgreSQL's notification waits for the rows to be handed over. */
export const HAND_OVER_GRACE_MS = 5;

export class FinishedScreenings {
  private readonly listeners = new Set<FinishedScreeningsListener>();
  private open = true;

  /**
   * The notification and the hand-over both follow the commit, in either order; a waiter woken by
   * the notification waits this long for the rows before it reads them back instead.
   */
  constructor(readonly handOverGraceMs = HAND_OVER_GRACE_MS) {}

  /** Whether rows can still come: false once the worker that publishes them has stopped. */
  get active(): boolean {
    return this.open;
  }

  /** The publishing worker stopped (or failed): waiters no longer wait for hand-overs. */
  close(): void {
    this.open = false;
  }

  /** Called with the committed rows; a listener that throws does not stop the others (or the caller). */
  publish(rows: readonly ScreeningRow[]): void {
    if (rows.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(rows);
      } catch {
        // A listener's failure must not fail the activity that stored the results (the only
        // listener, the completion waiter, catches and logs its own errors; its requests read
        // the records back).
      }
    }
  }

  /** Returns the function that stops listening. */
  subscribe(listener: FinishedScreeningsListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}
