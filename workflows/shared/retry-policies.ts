/** The one file of retry presets used where activities are proxied. */
import type { RetryPolicy } from '@temporalio/common';
import { NON_RETRYABLE_FAILURES } from './failure-types.js';

/** Database and storage work: quick retries, a bounded total. */
export const INTERNAL_RETRY: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '30 seconds',
  maximumAttempts: 10,
};

/** Downloads from list publishers: longer backoff. */
export const EXTERNAL_RETRY: RetryPolicy = {
  initialInterval: '2 seconds',
  backoffCoefficient: 2,
  maximumInterval: '2 minutes',
  maximumAttempts: 8,
};

/**
 * Business registries answering 429, 5xx or timing out. The backoff follows the spec's retry
 * guidance for clients — exponential from 1 second, capped at 30 seconds — and a registry's
 * Retry-After lengthens the next wait (the activity sets nextRetryDelay). Six attempts put about
 * 31 seconds of backoff between the first and the last, so an outage usually settles within a
 * sync request's 45-second window.
 */
export const REGISTRY_RETRY: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '30 seconds',
  maximumAttempts: 6,
  nonRetryableErrorTypes: NON_RETRYABLE_FAILURES,
};
