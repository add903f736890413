// The error codes document processing reports, with their titles. A failed document carries
// `errors: [{code, title, detail}]` (the API adds status and meta.occurred_at).
//
// - unsupported_file: not a file type we can read (identity: PNG/JPEG; address: PDF/PNG/JPEG),
//   or a file the tools could not open.
// - mrz_not_found: no machine-readable zone could be read in the image.
// - check_digit_failed: a zone was read but one or more check digits do not match; the detail
//   names the fields.
// - document_expired: the zone is valid but its expiry date is before the processing date.
// - text_not_found: a proof-of-address file held no readable text (empty text layer and OCR
//   found nothing).

export type DocumentProcessingErrorCode =
  | 'unsupported_file'
  | 'mrz_not_found'
  | 'check_digit_failed'
  | 'document_expired'
  | 'text_not_found';

export interface DocumentProcessingError {
  code: DocumentProcessingErrorCode;
  title: string;
  detail: string;
}

const TITLES: Readonly<Record<DocumentProcessingErrorCode, string>> = {
  unsupported_file: 'Unsupported file',
  mrz_not_found: 'Machine-readable zone not found',
  check_digit_failed: 'Check digit verification failed',
  document_expired: 'Document expired',
  text_not_found: 'No text found',
};

export function documentProcessingError(code: DocumentProcessingErrorCode, detail: string): DocumentProcessingError {
  return { code, title: TITLES[code], detail };
}
