import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

type Stamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type DocumentFileStatus = 'pending_upload' | 'uploaded' | 'failed' | 'expired' | 'redacted';

/** What the file is: uploaded by the client, or a crop the service cut out of an uploaded page. */
export type DocumentFileRole = 'upload' | 'portrait' | 'signature';

/**
 * One uploaded file of an identity document. The declared_* columns are what the client said;
 * byte_size and checksum are what the service measured on the stored object. The object lives at
 * `object_key` = `${environment}/documents/<document id>/<file id>`.
 */
export interface IdentityDocumentFilesTable {
  id: Generated<string>;
  environment: Environment;
  document_id: string;
  position: number;
  role: ColumnType<DocumentFileRole, DocumentFileRole | undefined, DocumentFileRole>;
  filename: string | null;
  content_type: string;
  declared_byte_size: number | null;
  declared_checksum: string | null;
  status: ColumnType<DocumentFileStatus, DocumentFileStatus | undefined, DocumentFileStatus>;
  byte_size: number | null;
  checksum: string | null;
  object_key: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  uploaded_at: Stamp;
}
export type IdentityDocumentFileRow = Selectable<IdentityDocumentFilesTable>;
