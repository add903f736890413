/**
 * Turns what a registry adapter threw into the ApplicationFailure the lookup workflow's retry
 * policy acts on:
 * - RegistryTransientError (429, 408, 5xx, timeouts, network) → retryable TransientUpstream.
 *   When the registry said how long to wait (Retry-After), the next attempt waits at least that
 *   long (never less than the policy's own backoff); a wait longer than MAX_HONOURED_RETRY_AFTER_MS
 *   cannot fit the lookup's retry budget, so the lookup fails at once instead of burning it.
 * - RegistryPermanentError → non-retryable PermanentUpstream.
 * The registry's code, name and HTTP status travel as the failure's details (RegistryFailureDetails)
 * so the workflow can write a precise error into the business record. Anything else is rethrown
 * untouched (retried). Unlike registries/registry-failure.ts, which keeps the error class names,
 * this uses the platform's FailureType values and weighs Retry-After against the lookup's own
 * retry policy and budget.
 */
import { ApplicationFailure } from '@temporalio/common';
import { msToNumber } from '@temporalio/common/lib/time.js';
import { FailureType } from '../../../workflows/shared/failure-types.js';
import { REGISTRY_RETRY } from '../../../workflows/shared/retry-policies.js';
import { RegistryPermanentError, RegistryTransientError } from '../registries/registry-errors.js';
import type { RegistryFailureDetails } from '../registries/registry-failure.js';

export const MAX_HONOURED_RETRY_AFTER_MS = 5 * 60 * 1000;

export function toLookupFailure(error: unknown, attempt: number): unknown {
  if (error instanceof RegistryPermanentError) {
    return ApplicationFailure.create({
      type: FailureType.PermanentUpstream,
      message: error.message,
      nonRetryable: true,
      details: [detailsOf(error, null)],
    });
  }
  if (error instanceof RegistryTransientError) {
    const retryAfterMs = error.retryAfterSeconds === undefined ? undefined : error.retryAfterSeconds * 1000;
    const details = [detailsOf(error, error.retryAfterSeconds ?? null)];
    if (retryAfterMs !== undefined && retryAfterMs > MAX_HONOURED_RETRY_AFTER_MS) {
      return ApplicationFailure.create({
        type: FailureType.TransientUpstream,
        message: `${error.message} It asked us to wait ${error.retryAfterSeconds} seconds, longer than the lookup can wait.`,
        nonRetryable: true,
        details,
      });
    }
    return ApplicationFailure.create({
      type: FailureType.TransientUpstream,
      message: error.message,
      nonRetryable: false,
      details,
      ...(retryAfterMs === undefined ? {} : { nextRetryDelay: Math.max(retryAfterMs, policyBackoffMs(attempt)) }),
    });
  }
  return error;
}

function detailsOf(error: RegistryTransientError | RegistryPermanentError, retryAfterSeconds: number | null): RegistryFailureDetails {
  return { code: error.code, registry: error.registry, status: error.status ?? null, retryAfterSeconds };
}

/** The delay REGISTRY_RETRY would put after `attempt` (1-based). */
export function policyBackoffMs(attempt: number): number {
  const initial = msToNumber(REGISTRY_RETRY.initialInterval ?? '1 second');
  const maximum = msToNumber(REGISTRY_RETRY.maximumInterval ?? '100 seconds');
  const coefficient = REGISTRY_RETRY.backoffCoefficient ?? 2;
  return Math.min(maximum, initial * coefficient ** Math.max(0, attempt - 1));
}
