/**
 * How a business lookup retries a registry that failed transiently (429, 5xx, timeouts). The
 * backoff follows the spec's own retry guidance for clients — exponential from 1 second, capped
 * at 30 seconds — and a Retry-After from the registry lengthens the next wait (the activity sets
 * nextRetryDelay). Six attempts put about 31 seconds of backoff between the first and the last,
 * so a registry outage usually settles within a sync request's 45-second window; the
 * schedule-to-close budget bounds a lookup whose registry keeps timing out.
 */
import type { RetryPolicy } from '@temporalio/common';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';

export const REGISTRY_RETRY: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '30 seconds',
  maximumAttempts: 6,
  nonRetryableErrorTypes: NON_RETRYABLE_FAILURES,
};

/** One attempt: the GB adapter makes up to four requests, each bounded by REGISTRY_TIMEOUT_MS. */
export const REGISTRY_ATTEMPT_TIMEOUT = '2 minutes';

/** The overall budget of the registry step, across every attempt and backoff. */
export const REGISTRY_BUDGET = '10 minutes';
