/**
 * One website check, durable: one activity collects the facts (DNS, TLS, HTTP, content, RDAP)
 * and stores them with the indicators and risk level; when it keeps failing (a crash, the
 * database away) the check is stored as failed with `check_failed`.
 */
import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import type { WebsiteCheckWorkflowInput, WebsiteCheckWorkflowResult } from './website-check.contract.js';

const checker = proxyActivities<Activities>({
  // DNS, TLS and the page (20 s deadline) run at once; RDAP has 10 s per request.
  startToCloseTimeout: '90 seconds',
  heartbeatTimeout: '30 seconds',
  retry: { ...INTERNAL_RETRY, maximumAttempts: 3, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

const records = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

export async function websiteCheckWorkflow(input: WebsiteCheckWorkflowInput): Promise<WebsiteCheckWorkflowResult> {
  try {
    const { status } = await checker.runWebsiteCheck(input);
    return { status };
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    await records.failWebsiteCheck({ ...input, code: 'check_failed', detail: error.cause?.message ?? error.message });
    return { status: 'failed' };
  }
}
