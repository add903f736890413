/**
 * Expires a session at its expires_at with a durable timer: a session still created or started
 * then becomes expired (expired_at, outbox event); one that moved on is left alone. The time of
 * expiry is the workflow's (timer) time, so Temporal's time-skipping tests drive it.
 */
import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import type { SessionExpiryInput, SessionExpiryResult } from './session-expiry.contract.js';

const database = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

export async function sessionExpiryWorkflow(input: SessionExpiryInput): Promise<SessionExpiryResult> {
  const waitMs = new Date(input.expiresAt).getTime() - Date.now();
  if (waitMs > 0) await sleep(waitMs);
  return database.expireSession({ sessionId: input.sessionId, environment: input.environment, at: new Date(Date.now()).toISOString() });
}
