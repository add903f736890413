/**
 * One monitoring run: a long activity that re-screens every monitored subject of the list's
 * screening types against the activated version's delta, heartbeating its progress (a retry, on
 * this worker or another, resumes after the last page stored). When it keeps failing, the run is
 * recorded failed with the reason.
 */
import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import type { ScreeningMonitoringInput } from './screening-monitoring.contract.js';

const monitoring = proxyActivities<Activities>({
  startToCloseTimeout: '2 hours',
  // A page of subjects takes well under a second; building a full index over a new list of a million entities about half a minute.
  heartbeatTimeout: '2 minutes',
  retry: { ...INTERNAL_RETRY, maximumAttempts: 8, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

const records = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

export async function screeningMonitoringWorkflow(input: ScreeningMonitoringInput): Promise<{ status: 'completed' | 'failed' }> {
  try {
    await monitoring.runScreeningMonitoring(input);
    return { status: 'completed' };
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    await records.failScreeningMonitoringRun({ runId: input.runId, error: error.cause?.message ?? error.message });
    return { status: 'failed' };
  }
}
