/** The one file of retry presets used where activities are proxied. */
import type { RetryPolicy } from '@temporalio/common';

/** Database and storage work: quick retries, a bounded total. */
export const INTERNAL_RETRY: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '30 seconds',
  maximumAttempts: 10,
};

/** Calls to outside services (registries, list publishers): longer backoff. */
export const EXTERNAL_RETRY: RetryPolicy = {
  initialInterval: '2 seconds',
  backoffCoefficient: 2,
  maximumInterval: '2 minutes',
  maximumAttempts: 8,
};
