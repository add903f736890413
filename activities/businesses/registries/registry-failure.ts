// Turns a registry error into the ApplicationFailure an activity should throw, so the facts the
// typed error carries survive the trip through Temporal: `type` is the error class name (list
// 'RegistryPermanentError' in nonRetryableErrorTypes, or rely on nonRetryable set here), the
// details carry { code, registry, status, retryAfterSeconds } for the workflow to report, and a
// registry's Retry-After becomes nextRetryDelay so the retry never comes sooner than asked.
// Anything that is not a registry error (cancellation included) is returned unchanged.

import { ApplicationFailure } from '@temporalio/common';
import { isRegistryError } from './registry-errors.js';

export interface RegistryFailureDetails {
  code: string;
  registry: string;
  status: number | null;
  retryAfterSeconds: number | null;
}

export function toRegistryFailure(error: unknown): unknown {
  if (!isRegistryError(error)) return error;
  const retryAfterSeconds = error.retryable ? (error.retryAfterSeconds ?? null) : null;
  const details: RegistryFailureDetails = { code: error.code, registry: error.registry, status: error.status ?? null, retryAfterSeconds };
  return ApplicationFailure.create({
    type: error.name,
    message: error.message,
    nonRetryable: !error.retryable,
    details: [details],
    ...(retryAfterSeconds !== null && retryAfterSeconds > 0 ? { nextRetryDelay: `${retryAfterSeconds}s` as const } : {}),
  });
}
