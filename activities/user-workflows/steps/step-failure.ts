/**
 * How a step activity refuses an input that can never work (a bad value, a record that does not
 * exist): a non-retryable ApplicationFailure whose details carry the step error code, which the
 * interpreter turns into the step's `error` and routes to on_failure.
 */
import { ApplicationFailure } from '@temporalio/common';
import { FailureType } from '../../../workflows/shared/failure-types.js';

export function stepInputFailure(code: string, message: string): ApplicationFailure {
  return ApplicationFailure.create({ type: FailureType.InvalidInput, nonRetryable: true, message, details: [{ code }] });
}
