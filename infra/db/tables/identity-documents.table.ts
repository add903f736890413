import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

type Json<T = unknown> = ColumnType<T, string | null | undefined, string | null>;
type Stamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type IdentityDocumentKind = 'idv' | 'address';
export type IdentityDocumentStatus = 'pending' | 'submitted' | 'processed' | 'failed';

/**
 * Identity documents (document/idv) and proofs of address (document/address). `extracted` holds
 * the fields processing read (personal data; nulled by redaction); `processing_errors` the spec's
 * error items. `submit_requested` records auto_submit_for_processing or an early submit, so the
 * upload workflow submits the document once its files are in.
 */
export interface IdentityDocumentsTable {
  id: Generated<string>;
  environment: Environment;
  kind: IdentityDocumentKind;
  account_id: string | null;
  session_id: string | null;
  status: ColumnType<IdentityDocumentStatus, IdentityDocumentStatus | undefined, IdentityDocumentStatus>;
  submit_requested: ColumnType<boolean, boolean | undefined, boolean>;
  upload_expires_at: Stamp;
  uploads_settled_at: Stamp;
  extracted: Json<Record<string, unknown> | null>;
  processing_errors: ColumnType<ProcessingErrorItem[], string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  submitted_at: Stamp;
  processed_at: Stamp;
  redacted_at: Stamp;
}
export type IdentityDocumentRow = Selectable<IdentityDocumentsTable>;

/** One entry of a document's processing_errors (spec: status, code, title, detail, meta.occurred_at). */
export interface ProcessingErrorItem {
  status: string;
  code: string;
  title: string;
  detail: string;
  meta: { occurred_at: string; file_id?: string };
}
