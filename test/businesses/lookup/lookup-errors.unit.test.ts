/** The errors a business record carries when its lookup ends without a company. */
import { ActivityFailure, ApplicationFailure, RetryState, TimeoutFailure, TimeoutType } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { lookupFailureError, notFoundError, registryDelayError } from '../../../workflows/business-lookup/lookup-errors.js';

const activityFailure = (cause: Error, retryState: RetryState = RetryState.MAXIMUM_ATTEMPTS_REACHED) =>
  new ActivityFailure('activity failed', 'lookupBusinessInRegistry', 'activity-1', retryState, 'worker', cause);

const registryFailure = (code: string, message: string, nonRetryable: boolean) =>
  ApplicationFailure.create({ type: nonRetryable ? 'PermanentUpstream' : 'TransientUpstream', message, nonRetryable, details: [{ code, registry: 'BrasilAPI', status: 503, retryAfterSeconds: null }] });

describe('lookupFailureError', () => {
  it('a permanent registry failure keeps the registry code and message', () => {
    const error = lookupFailureError(activityFailure(registryFailure('registry_auth_failed', 'BrasilAPI refused our credentials (HTTP 403).', true), RetryState.NON_RETRYABLE_FAILURE));
    expect(error).toEqual({ code: 'registry_auth_failed', title: 'Registry refused access', detail: 'BrasilAPI refused our credentials (HTTP 403).' });
  });

  it('a transient failure that ran out of attempts says the lookup gave up', () => {
    const error = lookupFailureError(activityFailure(registryFailure('registry_unavailable', 'BrasilAPI is temporarily unavailable (HTTP 503).', false)));
    expect(error).toEqual({
      code: 'registry_unavailable',
      title: 'Registry unavailable',
      detail: 'BrasilAPI is temporarily unavailable (HTTP 503). Gave up after retrying.',
    });
  });

  it('the budget running out reports the last registry failure behind the timeout', () => {
    const timeout = new TimeoutFailure('activity timeout', undefined, TimeoutType.SCHEDULE_TO_CLOSE);
    Object.defineProperty(timeout, 'cause', { value: registryFailure('registry_timeout', 'BrasilAPI did not answer within 15000 ms.', false) });
    expect(lookupFailureError(activityFailure(timeout, RetryState.TIMEOUT)).code).toBe('registry_timeout');
  });

  it('a bare timeout and an unexpected failure get generic codes', () => {
    const timeout = new TimeoutFailure('activity timeout', undefined, TimeoutType.SCHEDULE_TO_CLOSE);
    expect(lookupFailureError(activityFailure(timeout, RetryState.TIMEOUT))).toMatchObject({ code: 'registry_timeout', title: 'Registry timeout' });
    const bug = ApplicationFailure.create({ type: 'TypeError', message: 'x is undefined' });
    expect(lookupFailureError(activityFailure(bug))).toEqual({ code: 'lookup_failed', title: 'Lookup failed', detail: 'The registry lookup failed unexpectedly.' });
  });

  it('details that are not a registry code are not trusted as one', () => {
    const odd = ApplicationFailure.create({ type: 'TransientUpstream', message: 'm', details: [{ code: 'DROP TABLE' }] });
    expect(lookupFailureError(activityFailure(odd)).code).toBe('lookup_failed');
  });
});

describe('not found and delays', () => {
  it('not found carries the registry adapter\'s explanation', () => {
    expect(notFoundError('No company with number 01234567 is on the Companies House register.')).toEqual({
      code: 'business_not_found',
      title: 'Business not found',
      detail: 'No company with number 01234567 is on the Companies House register.',
    });
  });

  it('a delay longer than a lookup waits is a registry timeout', () => {
    expect(registryDelayError(3_600_000)).toMatchObject({ code: 'registry_timeout', detail: expect.stringContaining('3600 seconds') });
  });
});
