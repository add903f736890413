/**
 * One screening, durable. Since SCREENING_LOCAL_RUN_PATCH: one local activity reads, matches and
 * stores the result with its events (workflow task, local activity, completion: nothing else goes
 * through the server). Histories from before the patch replay the original path: mark processing,
 * run the match and store the result, each an activity, or — when matching fails after its
 * retries — store it as failed with `errors`.
 */
import { ActivityFailure, ApplicationFailure, patched, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import { SCREENING_ERROR_CODES, SCREENING_LOCAL_RUN_PATCH, type FinalScreeningStatus, type ScreeningWorkflowInput, type ScreeningWorkflowResult } from './screening.contract.js';
import { runScreeningChunk } from './screening-run.js';

const records = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

const matcher = proxyActivities<Activities>({
  // The first screening after a list change waits for the worker's index build (minutes at a million entities).
  startToCloseTimeout: '10 minutes',
  retry: { ...INTERNAL_RETRY, maximumAttempts: 5, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

export async function screeningWorkflow(input: ScreeningWorkflowInput): Promise<ScreeningWorkflowResult> {
  if (patched(SCREENING_LOCAL_RUN_PATCH)) {
    const statuses = await runScreeningChunk(input.environment, [input.screeningId]);
    const status = (Object.keys(statuses)[0] ?? 'failed') as FinalScreeningStatus;
    return { screeningId: input.screeningId, status };
  }
  const ref = { screeningId: input.screeningId, environment: input.environment };
  await records.markScreeningProcessing(ref);
  try {
    const { status } = await matcher.runScreening(ref);
    return { screeningId: input.screeningId, status };
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const cause = error.cause;
    const type = cause instanceof ApplicationFailure ? cause.type : undefined;
    await records.markScreeningFailed({
      ...ref,
      errors: [
        {
          code: SCREENING_ERROR_CODES.screeningFailed,
          message: 'The screening could not be completed; create a new screening to retry',
          details: { failure_type: type ?? null, reason: cause?.message ?? error.message },
        },
      ],
    });
    return { screeningId: input.screeningId, status: 'failed' };
  }
}
