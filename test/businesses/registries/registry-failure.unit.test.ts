import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { RegistryPermanentError, RegistryTransientError } from '../../../activities/businesses/registries/registry-errors.js';
import { toRegistryFailure } from '../../../activities/businesses/registries/registry-failure.js';

describe('toRegistryFailure', () => {
  it('keeps a transient error retryable and turns Retry-After into the next retry delay', () => {
    const failure = toRegistryFailure(
      new RegistryTransientError('Companies House', 'registry_rate_limited', 'Companies House is rate limiting our requests (HTTP 429).', { status: 429, retryAfterSeconds: 300 }),
    );
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({
      type: 'RegistryTransientError',
      message: 'Companies House is rate limiting our requests (HTTP 429).',
      nonRetryable: false,
      nextRetryDelay: '300s',
      details: [{ code: 'registry_rate_limited', registry: 'Companies House', status: 429, retryAfterSeconds: 300 }],
    });
  });

  it('marks a permanent error non-retryable, without a retry delay', () => {
    const failure = toRegistryFailure(new RegistryPermanentError('OpenCorporates', 'registry_auth_failed', 'refused', { status: 401 }));
    expect(failure).toMatchObject({ type: 'RegistryPermanentError', nonRetryable: true, details: [{ code: 'registry_auth_failed', status: 401, retryAfterSeconds: null }] });
    expect((failure as ApplicationFailure).nextRetryDelay).toBeUndefined();
  });

  it('returns other errors unchanged', () => {
    const cancellation = new Error('cancelled');
    expect(toRegistryFailure(cancellation)).toBe(cancellation);
  });
});
