/**
 * The business lookup workflow's contract, shared by the API (which starts it and may wait for
 * its result) and the worker: names, the workflow id builder, input/output and the record's
 * async_status values. Types and constants only, so both sides may import it.
 */
import type { LookupInput, SupportedCountry } from '../../activities/businesses/registries/registry-adapter.js';
import type { Environment } from '../../infra/db/tables/common.js';

export const BUSINESS_LOOKUP_WORKFLOW_TYPE = 'businessLookupWorkflow';
export const BUSINESS_RESOURCE_TYPE = 'business';

/** processing right after creation; one of the other three once the workflow has stored its outcome. */
export const ASYNC_STATUSES = ['processing', 'completed', 'not_found', 'failed'] as const;
export type AsyncStatus = (typeof ASYNC_STATUSES)[number];
export type FinalAsyncStatus = Exclude<AsyncStatus, 'processing'>;

/** One entry of a business record's `errors` (not_found and failed lookups). */
export interface LookupErrorItem {
  code: string;
  title: string;
  detail: string;
}

export interface BusinessLookupWorkflowInput {
  businessId: string;
  environment: Environment;
  country: SupportedCountry;
  /** Validated and normalised (validation/lookup-input.validation.ts). */
  input: LookupInput;
}

export interface BusinessLookupWorkflowResult {
  businessId: string;
  asyncStatus: FinalAsyncStatus;
}

/** One workflow per business record: a repeated start joins the running one. */
export function businessLookupWorkflowId(businessId: string): string {
  return `business-lookup-${businessId}`;
}
