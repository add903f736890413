// Typed failures of the processing engine. Each carries the code, title and HTTP-like status of
// the processing error the document will show (`processing_errors` items), so the caller maps
// them in one place; `permanent` says whether retrying the same file could ever succeed.

export type AnalysisErrorCode =
  | 'file_unreadable'
  | 'file_type_mismatch'
  | 'unsupported_file_type'
  | 'file_too_large'
  | 'pdf_password_protected'
  | 'pdf_no_pages'
  | 'too_many_pages'
  | 'ocr_timeout'
  | 'text_not_found'
  | 'invalid_extraction_schema'
  | 'extraction_failed'
  | 'processing_failed'
  | 'tool_unavailable';

const CATALOG: Readonly<Record<AnalysisErrorCode, { title: string; status: string; permanent: boolean }>> = {
  file_unreadable: { title: 'File could not be read', status: '422', permanent: true },
  file_type_mismatch: { title: 'File content does not match its declared type', status: '422', permanent: true },
  unsupported_file_type: { title: 'Unsupported file type', status: '415', permanent: true },
  file_too_large: { title: 'File too large', status: '413', permanent: true },
  pdf_password_protected: { title: 'PDF is password-protected', status: '422', permanent: true },
  pdf_no_pages: { title: 'PDF has no pages', status: '422', permanent: true },
  too_many_pages: { title: 'Too many pages', status: '422', permanent: true },
  ocr_timeout: { title: 'Text recognition timed out', status: '504', permanent: false },
  text_not_found: { title: 'No text found', status: '422', permanent: true },
  invalid_extraction_schema: { title: 'Extraction schema is not a valid JSON Schema', status: '422', permanent: true },
  extraction_failed: { title: 'Extraction failed', status: '500', permanent: false },
  processing_failed: { title: 'Processing failed', status: '500', permanent: false },
  tool_unavailable: { title: 'Processing tool unavailable', status: '503', permanent: false },
};

export class DocumentAnalysisError extends Error {
  override readonly name = 'DocumentAnalysisError';
  readonly title: string;
  readonly status: string;
  readonly permanent: boolean;
  constructor(
    readonly code: AnalysisErrorCode,
    readonly detail: string,
    /** JSON pointer into the offending input (the schema for invalid_extraction_schema). */
    readonly pointer: string | null = null,
  ) {
    super(`${code}: ${detail}`);
    const entry = CATALOG[code];
    this.title = entry.title;
    this.status = entry.status;
    this.permanent = entry.permanent;
  }
}

/** A `processing_errors` item as the spec shows it. */
export interface ProcessingError {
  status: string;
  code: string;
  title: string;
  detail: string;
  meta: { occurred_at: string; stage: AnalysisStage; pointer?: string };
}

export type AnalysisStage = 'text' | 'classification' | 'extraction' | 'fraud';

export function toProcessingError(error: unknown, stage: AnalysisStage, now: Date): ProcessingError {
  const e = error instanceof DocumentAnalysisError ? error : new DocumentAnalysisError('processing_failed', `an unexpected error stopped the ${stage} stage`);
  const meta: ProcessingError['meta'] = { occurred_at: now.toISOString(), stage };
  if (e.pointer !== null) meta.pointer = e.pointer;
  return { status: e.status, code: e.code, title: e.title, detail: e.detail, meta };
}
