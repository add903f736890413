/**
 * The processing_errors items a document carries (spec: status, code, title, detail,
 * meta.occurred_at; here also meta.file_id when the error is about one file). Codes this module
 * adds to those of processing/document-processing-errors.ts:
 *   file_too_large, file_size_mismatch, file_checksum_mismatch, file_content_type_mismatch — the
 *     stored upload failed verification and was deleted;
 *   file_not_uploaded — nothing arrived before the upload address expired;
 *   file_changed_after_upload — the stored bytes no longer match the verified checksum;
 *   no_file_uploaded — none of the document's files is usable, so it cannot be processed;
 *   processing_failed — processing kept failing (a tool or storage error) after retries;
 *   processing_cancelled — the session was declined first; document_redacted — the account was redacted first.
 */
import type { ProcessingErrorItem } from '../../../infra/db/tables/identity-documents.table.js';

const TITLES: Readonly<Record<string, string>> = {
  file_too_large: 'File too large',
  file_size_mismatch: 'File size mismatch',
  file_checksum_mismatch: 'Checksum mismatch',
  file_content_type_mismatch: 'Content type mismatch',
  file_not_uploaded: 'File not uploaded',
  file_changed_after_upload: 'File changed after upload',
  no_file_uploaded: 'No file uploaded',
  processing_failed: 'Processing failed',
};

export function errorItem(code: string, detail: string, at: Date, options: { title?: string; fileId?: string } = {}): ProcessingErrorItem {
  return {
    status: '422',
    code,
    title: options.title ?? TITLES[code] ?? code,
    detail,
    meta: { occurred_at: at.toISOString(), ...(options.fileId ? { file_id: options.fileId } : {}) },
  };
}
