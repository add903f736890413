/**
 * A reader of the event log with its own cursor. The relay hands it every event after its
 * cursor, oldest first, in batches; `handle` runs inside the transaction that moves the cursor,
 * so what it writes to the database happens exactly once per event. Work outside the database
 * (signalling a workflow) goes in the function it returns, run after commit; `recover` makes up for
 * such work lost in a crash, when the relay starts.
 */
import type { Trx } from '../../../infra/db/executor.js';
import type { EventCategory, EventRow } from '../../../infra/db/tables/events.table.js';

export interface EventConsumer {
  name: string;
  /** Only events of this category; all when left out. */
  category?: EventCategory;
  /**
   * Only events of these types / of these resource types (left out: all). The rest are never read
   * from the database: the cursor moves past them, as past other categories.
   */
  types?: readonly string[];
  resourceTypes?: readonly string[];
  /**
   * Steps at most this often while the log is quiet (a step after a full batch runs at once): for
   * consumers that need not react within milliseconds, so they do not wake on every commit.
   */
  minStepIntervalMs?: number;
  handle(trx: Trx, events: readonly EventRow[]): Promise<(() => Promise<void>) | void>;
  recover?(): Promise<void>;
}
