/**
 * The generic document processing workflow's contract: one per submitted document
 * (`document-analysis-<document id>`), started as a child by the upload watch once the file is
 * verified. One activity per stage of the engine; the text and fraud stages have fixed activity
 * ids, which the document shows as `ocr_external_id` / `fraud_check_external_id`
 * (`<workflow id>/<activity id>`) so an operator can open them in the Temporal UI.
 */
import type { Environment } from '../../infra/db/tables/common.js';

export const DOCUMENT_ANALYSIS_WORKFLOW_TYPE = 'documentAnalysisWorkflow';
export const TEXT_ACTIVITY_ID = 'extract-text';
export const FRAUD_ACTIVITY_ID = 'fraud-analysis';
/** ApplicationFailure type of a stage that can never succeed on this file (details: the processing errors). */
export const DOCUMENT_REJECTED_FAILURE = 'DocumentRejected';

export interface DocumentAnalysisInput {
  documentId: string;
  environment: Environment;
}

export interface DocumentAnalysisResult {
  status: 'processed' | 'failed' | 'skipped';
}

export function documentAnalysisWorkflowId(documentId: string): string {
  return `document-analysis-${documentId}`;
}

export function externalActivityId(documentId: string, activityId: string): string {
  return `${documentAnalysisWorkflowId(documentId)}/${activityId}`;
}
