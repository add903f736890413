/**
 * One issuance, durable: allocate each pending credential's status index (random among the free
 * ones, never reused), then sign and store them all with their events in one transaction. When
 * an activity fails after its retries, the credentials are stored as failed. The API waits for
 * the result.
 */
import { ActivityFailure, ApplicationFailure, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import { CREDENTIAL_ERROR_CODES, type CredentialIssuanceInput, type CredentialIssuanceResult } from './credential-issuance.contract.js';

// Local activities: each step is a few database statements, and the request waits for the
// result, so they run in the worker that runs the workflow, without a task queue round trip.
const records = proxyLocalActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

export async function credentialIssuanceWorkflow(input: CredentialIssuanceInput): Promise<CredentialIssuanceResult> {
  try {
    await records.allocateCredentialStatus(input);
    const { issued } = await records.issueCredentials(input);
    return { issuanceId: input.issuanceId, status: 'issued', count: issued };
  } catch (error) {
    // A local activity's failure arrives as its ApplicationFailure, or wrapped in an ActivityFailure.
    if (!(error instanceof ActivityFailure) && !(error instanceof ApplicationFailure)) throw error;
    const reason = error instanceof ActivityFailure ? (error.cause?.message ?? error.message) : error.message;
    const { failed } = await records.failCredentialIssuance({
      ...input,
      errors: [{ code: CREDENTIAL_ERROR_CODES.issuanceFailed, message: `The credential could not be issued: ${reason}` }],
    });
    return { issuanceId: input.issuanceId, status: 'failed', count: failed };
  }
}
