/**
 * The document processing workflow's contract: started for a submitted document (by the upload
 * workflow as a child, or by the API on an explicit submit), cancelled by a session decline.
 */
import type { Environment } from '../../infra/db/tables/common.js';

export const DOCUMENT_PROCESSING_WORKFLOW_TYPE = 'documentProcessingWorkflow';

export interface DocumentProcessingInput {
  documentId: string;
  environment: Environment;
}

/** skipped: the document was no longer submitted (declined, redacted, or already done). */
export interface DocumentProcessingResult {
  status: 'processed' | 'failed' | 'skipped';
}

export function documentProcessingWorkflowId(documentId: string): string {
  return `document-processing-${documentId}`;
}
