/**
 * Runs screenings in the workflow through one local activity per chunk (read, match, store with
 * events): no activity task round trip through the server, and with Eager Workflow Start the whole
 * screening completes in the first workflow task. When a chunk keeps failing, its screenings are
 * stored failed with `screening_failed`; the others go on.
 */
import { ActivityFailure, ApplicationFailure, isCancellation, proxyLocalActivities, TemporalFailure, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import type { Environment } from '../../infra/db/tables/common.js';
import { SCREENING_ERROR_CODES, type FinalScreeningStatus } from './screening.contract.js';

const local = proxyLocalActivities<Activities>({
  // The first screening after a list change waits for the worker's index build (minutes at a million entities).
  startToCloseTimeout: '10 minutes',
  // Backoffs longer than this become workflow timers (durable, and skipped by the time-skipping test server).
  localRetryThreshold: '2 seconds',
  retry: { ...INTERNAL_RETRY, maximumAttempts: 5, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

const records = proxyLocalActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  localRetryThreshold: '2 seconds',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

export type StatusCounts = Partial<Record<FinalScreeningStatus, number>>;

/** Matches and stores the screenings; returns how many ended in each final status. */
export async function runScreeningChunk(environment: Environment, screeningIds: string[]): Promise<StatusCounts> {
  const ref = { environment, screeningIds, workflowId: workflowInfo().workflowId };
  try {
    return (await local.runScreenings(ref)).statuses;
  } catch (error) {
    // A local activity that ran out of retries fails with an ActivityFailure, or (after a
    // timer-scheduled retry) with its ApplicationFailure itself.
    if (isCancellation(error) || !(error instanceof TemporalFailure)) throw error;
    const cause = error instanceof ActivityFailure ? error.cause : error;
    const type = cause instanceof ApplicationFailure ? cause.type : undefined;
    await records.markScreeningsFailed({
      ...ref,
      errors: [
        {
          code: SCREENING_ERROR_CODES.screeningFailed,
          message: 'The screening could not be completed; create a new screening to retry',
          details: { failure_type: type ?? null, reason: cause?.message ?? error.message },
        },
      ],
    });
    return { failed: screeningIds.length };
  }
}

export function addCounts(into: StatusCounts, more: StatusCounts): StatusCounts {
  for (const [status, n] of Object.entries(more) as [FinalScreeningStatus, number][]) into[status] = (into[status] ?? 0) + n;
  return into;
}
