import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';
import type { DocumentFileStatus } from './identity-document-files.table.js';
import type { ProcessingErrorItem } from './identity-documents.table.js';

type Json<T = unknown> = ColumnType<T, string | null | undefined, string | null>;
type Stamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type DocumentStatus = 'pending' | 'submitted' | 'processing' | 'processed' | 'failed';

/**
 * Generic documents (spec: Document). `extraction_config` / `fraud_config` are the document's own
 * overrides (null: the template's); `template_version` is the template version it was created
 * against and processed with. The results are the processing engine's; `classification` is kept
 * whole here and shown inside `fraud_result.document_classification`.
 */
export interface DocumentsTable {
  id: string;
  environment: Environment;
  status: ColumnType<DocumentStatus, DocumentStatus | undefined, DocumentStatus>;
  template_id: string | null;
  template_version: number | null;
  session_id: string | null;
  extraction_config: Json<Record<string, unknown> | null>;
  fraud_config: Json<Record<string, unknown> | null>;
  upload_expires_at: Stamp;
  uploads_settled_at: Stamp;
  processing_errors: ColumnType<ProcessingErrorItem[], string | undefined, string>;
  classification: Json<Record<string, unknown> | null>;
  extracted_data: Json<Record<string, unknown> | null>;
  extracted_data_coordinates: Json<Record<string, unknown> | null>;
  fraud_result: Json<Record<string, unknown> | null>;
  fraud_result_coordinates: Json<Record<string, unknown> | null>;
  ocr_external_id: string | null;
  fraud_check_external_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  submitted_at: Stamp;
  processed_at: Stamp;
  redacted_at: Stamp;
}
export type DocumentRow = Selectable<DocumentsTable>;

/** A generic document's one file (same states and checks as identity document files). */
export interface DocumentFilesTable {
  id: string;
  environment: Environment;
  document_id: string;
  filename: string | null;
  content_type: string;
  declared_byte_size: number | null;
  declared_checksum: string | null;
  byte_size: number | null;
  checksum: string | null;
  status: ColumnType<DocumentFileStatus, DocumentFileStatus | undefined, DocumentFileStatus>;
  object_key: string;
  uploaded_at: Stamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type DocumentFileRow = Selectable<DocumentFilesTable>;
