/**
 * The `errors` a business record carries when its lookup ends without a company: pure functions
 * from the registry's not-found answer, or from the activity failure the workflow caught, to the
 * spec's error items {code, title, detail}. Codes are the registry adapters' own
 * (registry_rate_limited, registry_auth_failed, ...) plus business_not_found and lookup_failed.
 */
import { ApplicationFailure, TimeoutFailure, type TemporalFailure } from '@temporalio/common';
import type { LookupErrorItem } from './business-lookup.contract.js';

const TITLES: Record<string, string> = {
  business_not_found: 'Business not found',
  registry_rate_limited: 'Registry rate limit',
  registry_unavailable: 'Registry unavailable',
  registry_timeout: 'Registry timeout',
  registry_network_error: 'Registry unreachable',
  registry_auth_failed: 'Registry refused access',
  registry_not_configured: 'Registry not configured',
  registry_rejected_request: 'Registry rejected the request',
  registry_bad_response: 'Unreadable registry response',
  registry_invalid_input: 'Invalid lookup input',
  lookup_failed: 'Lookup failed',
};

function item(code: string, detail: string): LookupErrorItem {
  return { code, title: TITLES[code] ?? 'Lookup failed', detail };
}

export function notFoundError(detail: string): LookupErrorItem {
  return item('business_not_found', detail);
}

/** The error for a registry that keeps asking for more delay than a lookup waits. */
export function registryDelayError(delayMs: number): LookupErrorItem {
  return item('registry_timeout', `The registry asked to wait ${Math.ceil(delayMs / 1000)} seconds, longer than a lookup waits.`);
}

/** The error for a lookup activity that failed for good (non-retryable, or out of retries). */
export function lookupFailureError(failure: TemporalFailure): LookupErrorItem {
  let timedOut = false;
  for (let cause: Error | undefined = failure; cause; cause = cause.cause as Error | undefined) {
    if (cause instanceof ApplicationFailure) {
      const code = registryCode(cause.details?.[0]);
      if (code) {
        const gaveUp = !cause.nonRetryable && TRANSIENT.has(code);
        return item(code, gaveUp ? `${cause.message} Gave up after retrying.` : cause.message);
      }
    }
    if (cause instanceof TimeoutFailure) timedOut = true;
  }
  if (timedOut) return item('registry_timeout', 'The registry lookup did not finish within its time budget.');
  return item('lookup_failed', 'The registry lookup failed unexpectedly.');
}

const TRANSIENT = new Set(['registry_rate_limited', 'registry_unavailable', 'registry_timeout', 'registry_network_error']);

function registryCode(details: unknown): string | undefined {
  const code = (details as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && /^registry_[a-z_]+$/.test(code) ? code : undefined;
}
