/**
 * What the shared upload watch needs of a family of documents (identity documents, generic
 * documents): the document's files and limits, and the transitions that accept, reject, expire
 * and settle them. Each family implements it over its own tables and transitions.
 */
import type { Environment } from '../../infra/db/tables/common.js';
import type { DocumentFileStatus } from '../../infra/db/tables/identity-document-files.table.js';
import type { ProcessingErrorItem } from '../../infra/db/tables/identity-documents.table.js';

export interface UploadRef {
  documentId: string;
  environment: Environment;
}

export interface UploadFile {
  id: string;
  document_id: string;
  object_key: string;
  content_type: string;
  declared_byte_size: number | null;
  declared_checksum: string | null;
  checksum: string | null;
  status: DocumentFileStatus;
}

export interface UploadDocument {
  files: UploadFile[];
  redacted: boolean;
  /** The family's size limit for this document's files. */
  maxBytes: number;
}

/** A verified upload: its real size and SHA-256, and the key of the copy that is kept (see upload-watch.activities.ts). */
export interface VerifiedUpload {
  size: number;
  checksum: string;
  objectKey: string;
}

export interface UploadTarget {
  load(ref: UploadRef): Promise<UploadDocument | undefined>;
  accept(ref: UploadRef, file: UploadFile, verified: VerifiedUpload, at: Date): Promise<void>;
  reject(ref: UploadRef, file: UploadFile, error: ProcessingErrorItem, at: Date): Promise<void>;
  failChanged(ref: UploadRef, file: UploadFile, at: Date): Promise<boolean>;
  settle(ref: UploadRef, expire: boolean, at: Date): Promise<{ process: boolean }>;
}
