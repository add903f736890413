/** How registry errors become the failures the lookup workflow's retry policy acts on. */
import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { MAX_HONOURED_RETRY_AFTER_MS, policyBackoffMs, toLookupFailure } from '../../../activities/businesses/lookup/registry-failure.js';
import { RegistryPermanentError, RegistryTransientError } from '../../../activities/businesses/registries/registry-errors.js';
import { NON_RETRYABLE_FAILURES } from '../../../workflows/shared/failure-types.js';

const asFailure = (value: unknown) => {
  expect(value).toBeInstanceOf(ApplicationFailure);
  return value as ApplicationFailure;
};

describe('toLookupFailure', () => {
  it('a permanent registry error is a non-retryable PermanentUpstream carrying the registry code', () => {
    const failure = asFailure(toLookupFailure(new RegistryPermanentError('Companies House', 'registry_auth_failed', 'refused', { status: 401 }), 1));
    expect(failure.type).toBe('PermanentUpstream');
    expect(NON_RETRYABLE_FAILURES).toContain(failure.type);
    expect(failure.nonRetryable).toBe(true);
    expect(failure.message).toBe('refused');
    expect(failure.details).toEqual([{ code: 'registry_auth_failed', registry: 'Companies House', status: 401, retryAfterSeconds: null }]);
  });

  it('a transient error without Retry-After is retryable and leaves the delay to the policy', () => {
    const failure = asFailure(toLookupFailure(new RegistryTransientError('BrasilAPI', 'registry_unavailable', 'down', { status: 503 }), 2));
    expect(failure.type).toBe('TransientUpstream');
    expect(NON_RETRYABLE_FAILURES).not.toContain(failure.type);
    expect(failure.nonRetryable).toBe(false);
    expect(failure.nextRetryDelay).toBeUndefined();
    expect(failure.details?.[0]).toMatchObject({ code: 'registry_unavailable', status: 503 });
  });

  it('Retry-After lengthens the next wait, never below the policy backoff', () => {
    const rateLimited = (seconds: number) => new RegistryTransientError('OpenCorporates', 'registry_rate_limited', 'slow down', { status: 429, retryAfterSeconds: seconds });
    expect(asFailure(toLookupFailure(rateLimited(20), 1)).nextRetryDelay).toBe(20_000);
    // After attempt 4 the policy waits 8 s: a 3 s Retry-After does not shorten that.
    expect(asFailure(toLookupFailure(rateLimited(3), 4)).nextRetryDelay).toBe(8_000);
  });

  it('a Retry-After beyond what a lookup can wait fails at once', () => {
    const seconds = MAX_HONOURED_RETRY_AFTER_MS / 1000 + 1;
    const failure = asFailure(toLookupFailure(new RegistryTransientError('Companies House', 'registry_rate_limited', 'slow down', { status: 429, retryAfterSeconds: seconds }), 1));
    expect(failure.nonRetryable).toBe(true);
    expect(failure.message).toContain(`${seconds} seconds`);
    expect(failure.details?.[0]).toMatchObject({ code: 'registry_rate_limited', retryAfterSeconds: seconds });
  });

  it('anything else passes through untouched (retried as an unexpected failure)', () => {
    const bug = new TypeError('x is undefined');
    expect(toLookupFailure(bug, 1)).toBe(bug);
  });
});

describe('policyBackoffMs follows the registry retry policy (1 s, doubling, capped at 30 s)', () => {
  it.each([[1, 1000], [2, 2000], [3, 4000], [5, 16_000], [6, 30_000], [9, 30_000]])('after attempt %i: %i ms', (attempt, ms) => {
    expect(policyBackoffMs(attempt)).toBe(ms);
  });
});
