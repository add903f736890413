/**
 * One issuance, durable: allocate each pending credential's status index (random among the free
 * ones, never reused), then sign and store them all with their events in one transaction. When
 * an activity fails after its retries, the credentials are stored as failed. The API waits for
 * the result.
 */
import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import { CREDENTIAL_ERROR_CODES, type CredentialIssuanceInput, type CredentialIssuanceResult } from './credential-issuance.contract.js';

const records = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

export async function credentialIssuanceWorkflow(input: CredentialIssuanceInput): Promise<CredentialIssuanceResult> {
  try {
    await records.allocateCredentialStatus(input);
    const { issued } = await records.issueCredentials(input);
    return { issuanceId: input.issuanceId, status: 'issued', count: issued };
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const { failed } = await records.failCredentialIssuance({
      ...input,
      errors: [{ code: CREDENTIAL_ERROR_CODES.issuanceFailed, message: `The credential could not be issued: ${error.cause?.message ?? error.message}` }],
    });
    return { issuanceId: input.issuanceId, status: 'failed', count: failed };
  }
}
