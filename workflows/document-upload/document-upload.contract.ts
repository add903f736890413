/**
 * The document upload workflow's contract: one per document with files (identity or generic),
 * started by the API when the document is created (`document-upload-<document id>`).
 */
import type { Environment } from '../../infra/db/tables/common.js';

export const DOCUMENT_UPLOAD_WORKFLOW_TYPE = 'documentUploadWorkflow';

/** Which documents: identity documents (the default, as before generic documents existed) or generic ones. */
export type UploadFamily = 'identity' | 'document';

export interface DocumentUploadInput {
  documentId: string;
  environment: Environment;
  /** ISO timestamp at which the presigned upload addresses expire. */
  uploadExpiresAt: string;
  /** Seconds after expiry before a missing file is declared expired (uploads started in time may still finish). */
  graceSeconds: number;
  family?: UploadFamily;
}

export interface DocumentUploadResult {
  /** Whether some file was still missing when the addresses expired. */
  expired: boolean;
  processing: 'processed' | 'failed' | 'skipped' | 'cancelled' | 'not_submitted';
}

export function documentUploadWorkflowId(documentId: string): string {
  return `document-upload-${documentId}`;
}
