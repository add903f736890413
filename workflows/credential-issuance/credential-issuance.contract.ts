/**
 * The credential issuing workflow's contract, shared by the API (which stores the request as
 * pending credentials, starts the workflow and waits for it) and the worker. One workflow per
 * issuance: a single credential (issuance id = its id) or a batch of up to 100.
 */
import type { Environment } from '../../infra/db/tables/common.js';

export const CREDENTIAL_ISSUANCE_WORKFLOW_TYPE = 'credentialIssuanceWorkflow';
export const CREDENTIAL_ISSUANCE_RESOURCE_TYPE = 'credential_issuance';

/** The most credentials one batch-issue request may carry. */
export const MAX_BATCH_CREDENTIALS = 100;

/** How long POST /v1/credentials and batch-issue wait for the workflow (the sync screening wait). */
export const CREDENTIAL_ISSUANCE_WAIT_MS = 55_000;

export const CREDENTIAL_ERROR_CODES = {
  /** Allocating, signing or storing failed after every retry. */
  issuanceFailed: 'credential_issuance_failed',
  /** The workflow could not be started (Temporal unavailable); the API answered 503. */
  notStarted: 'credential_issuance_not_started',
} as const;

export interface CredentialIssuanceInput {
  issuanceId: string;
  environment: Environment;
}

export interface CredentialIssuanceResult {
  issuanceId: string;
  status: 'issued' | 'failed';
  count: number;
}

export function credentialIssuanceWorkflowId(issuanceId: string): string {
  return `credential-issuance-${issuanceId}`;
}
