/**
 * One screening, durable: mark it processing, run the match and store the result (one activity,
 * one transaction with its outbox event), or — when matching fails after its retries — store it
 * as failed with `errors`. The API may wait for the result (sync mode).
 */
import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import { SCREENING_ERROR_CODES, type ScreeningWorkflowInput, type ScreeningWorkflowResult } from './screening.contract.js';

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
