/**
 * The website check workflow's contract, shared by the API (which creates the record, starts the
 * workflow and may wait up to 30 s), the workflow interpreter (which runs it as a child) and the
 * worker. Types and constants only.
 */
import type { Environment } from '../../infra/db/tables/common.js';

export const WEBSITE_CHECK_WORKFLOW_TYPE = 'websiteCheckWorkflow';
export const WEBSITE_CHECK_RESOURCE_TYPE = 'website_check';

/** The spec leaves it open; sync website checks wait this long before answering the record as it stands. */
export const SYNC_WEBSITE_CHECK_WAIT_MS = 30_000;

export interface WebsiteCheckWorkflowInput {
  websiteCheckId: string;
  environment: Environment;
}

export interface WebsiteCheckWorkflowResult {
  status: 'completed' | 'failed';
}

export function websiteCheckWorkflowId(websiteCheckId: string): string {
  return `website-check-${websiteCheckId}`;
}
