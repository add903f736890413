/**
 * The screening run as one (local) activity over any number of screenings — one for POST
 * /v1/screenings, up to a matcher chunk for a batch: read the records, match each (lists through
 * the worker's index cache, or the adverse-media corpus), and store every result with its events
 * in one transaction. When an index has to be built first (a list changed; minutes at a million
 * entities) the screenings are marked processing before the wait, so a reader sees matching has
 * started. A retried attempt skips what is already final.
 *
 * A list index that cannot be built fails the attempt for every screening (retried; when retries
 * run out the workflow stores them failed). An item whose own matching throws fails the attempt too
 * (the cause is usually the database); from attempt ITEM_FAILURE_ATTEMPT on, such an item is stored
 * failed with `screening_failed` and the others complete.
 */
import { Context } from '@temporalio/activity';
import { findScreenings } from '../../infra/db/repositories/screenings.repository.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { ScreeningRow } from '../../infra/db/tables/screenings.table.js';
import { SCREENING_ERROR_CODES, type AdverseMediaQuery, type FinalScreeningStatus, type ScreeningErrorItem, type ScreeningType } from '../../workflows/screening/screening.contract.js';
import type { ActivityDeps } from '../activity-deps.js';
import { systemActor } from '../events/actor.model.js';
import { runAdverseMediaScreening } from './adverse-media/adverse-media-screening.js';
import type { ListGroup } from './index-cache/list-groups.js';
import type { LoadedListIndex, MatchIndexCache } from './index-cache/match-index-cache.js';
import { listGroupFor, screenAgainst } from './results/list-screening.js';
import type { ScreeningOutcome } from './results/screening-outcome.js';
import type { FinishedScreenings } from './finished-screenings.model.js';
import { failedOutcome, finishScreenings, startScreenings } from './screening.transitions.js';

export interface ScreeningRunInput {
  environment: Environment;
  screeningIds: string[];
  /** The workflow running them, stored on each record. */
  workflowId: string | null;
}

export type StatusCounts = Partial<Record<FinalScreeningStatus, number>>;

/** From this attempt on, an item that keeps failing is stored failed instead of failing its chunk. */
export const ITEM_FAILURE_ATTEMPT = 3;
/** Items matched between two yields to the event loop (a worker inside the API keeps answering). */
const ITEMS_PER_TURN = 20;

const actor = systemActor('screeningWorkflow');
const isOpen = (row: ScreeningRow) => row.status === 'pending' || row.status === 'processing';
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function attempt(): number {
  try {
    return Context.current().info.attempt;
  } catch {
    return 1;
  }
}

/** `finished`: where this process's waiting requests learn of the rows stored (the API's own worker). */
export function createScreeningRunsActivities(deps: Pick<ActivityDeps, 'db' | 'clock' | 'logger'> & { finished?: FinishedScreenings }, cache: MatchIndexCache) {
  /**
   * The loaded index of every list group these screenings need (starting any build), and whether
   * all were ready without waiting. A build that fails fails the attempt, for every screening.
   */
  async function indexesFor(rows: readonly ScreeningRow[]): Promise<{ ready: boolean; indexes: () => Promise<Map<ListGroup, LoadedListIndex | null>> }> {
    const groups = [...new Set(rows.filter((r) => r.type !== 'screening/business-adverse-media').map((r) => listGroupFor(r.type as ScreeningType)))];
    const lookups = await Promise.all(groups.map((g) => cache.lookup(g)));
    return {
      ready: lookups.every((l) => l.ready),
      indexes: async () => new Map(await Promise.all(lookups.map(async (l, i) => [groups[i]!, await l.index] as const))),
    };
  }

  async function outcomeOf(row: ScreeningRow, indexes: Map<ListGroup, LoadedListIndex | null>): Promise<ScreeningOutcome> {
    const type = row.type as ScreeningType;
    return type === 'screening/business-adverse-media'
      ? runAdverseMediaScreening(deps.db, row.query as unknown as AdverseMediaQuery, row.ignore_list)
      : screenAgainst(indexes.get(listGroupFor(type)) ?? null, type, row.query, row.ignore_list);
  }

  return {
    async runScreenings(input: ScreeningRunInput): Promise<{ statuses: StatusCounts }> {
      const started = Date.now();
      const rows = await findScreenings(deps.db, input.environment, input.screeningIds);
      const open = rows.filter(isOpen);
      const statuses: StatusCounts = {};
      const count = (status: string) => void (statuses[status as FinalScreeningStatus] = (statuses[status as FinalScreeningStatus] ?? 0) + 1);
      rows.filter((r) => !isOpen(r)).forEach((r) => count(r.status));
      if (open.length === 0) return { statuses };

      const needed = await indexesFor(open);
      if (!needed.ready) {
        await startScreenings(deps.db, actor, input.environment, open.filter((r) => r.status === 'pending').map((r) => r.id), deps.clock(), input.workflowId);
      }
      const indexes = await needed.indexes();
      const tolerateItemFailures = attempt() >= ITEM_FAILURE_ATTEMPT;
      const results: { id: string; outcome: ScreeningOutcome }[] = [];
      for (const [i, row] of open.entries()) {
        if (i > 0 && i % ITEMS_PER_TURN === 0) await yieldTurn();
        try {
          results.push({ id: row.id, outcome: await outcomeOf(row, indexes) });
        } catch (error) {
          if (!tolerateItemFailures) throw error;
          deps.logger.error({ err: error, screeningId: row.id }, 'screening failed after retries');
          results.push({ id: row.id, outcome: failedOutcome([screeningFailedError(error as Error)]) });
        }
      }
      const matchedAt = Date.now();
      const stored = await finishScreenings(deps.db, actor, input.environment, results, deps.clock(), input.workflowId);
      deps.finished?.publish(stored);
      for (const row of stored) count(row.status);
      deps.logger.info({ screenings: open.length, stored: stored.length, statuses, ms: Date.now() - started, storeMs: Date.now() - matchedAt }, 'screenings matched');
      return { statuses };
    },

    /** Stores failed (with errors) the screenings a run could not match at all. */
    async markScreeningsFailed(input: ScreeningRunInput & { errors: ScreeningErrorItem[] }): Promise<{ stored: number }> {
      const stored = await finishScreenings(
        deps.db, actor, input.environment, input.screeningIds.map((id) => ({ id, outcome: failedOutcome(input.errors) })), deps.clock(), input.workflowId,
      );
      deps.finished?.publish(stored);
      return { stored: stored.length };
    },
  };
}

export function screeningFailedError(error: Error, failureType: string | null = error.name): ScreeningErrorItem {
  return {
    code: SCREENING_ERROR_CODES.screeningFailed,
    message: 'The screening could not be completed; create a new screening to retry',
    details: { failure_type: failureType, reason: error.message },
  };
}
