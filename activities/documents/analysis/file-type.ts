// What kind of file the engine was given, judged from its bytes (the uploader controls the name
// and the declared type), and the check that the declared content type tells the truth.

import { fileTypeOf } from '../../identity/documents/processing/file-type.sniffer.js';
import { DocumentAnalysisError } from './analysis-errors.js';
import type { DocumentFileType } from './document-text.js';

export const ACCEPTED_CONTENT_TYPES: Readonly<Record<string, DocumentFileType>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/tiff': 'tiff',
};

/** The file's real type; throws unsupported_file_type or file_type_mismatch. */
export function checkFileType(head: Uint8Array, declaredContentType: string | null): DocumentFileType {
  // PDF readers accept a header within the first 1024 bytes (some producers put junk first).
  const sniffed = fileTypeOf(head) === 'unknown' && Buffer.from(head.subarray(0, 1024)).includes('%PDF-') ? 'pdf' : fileTypeOf(head);
  const declared = declaredContentType === null ? null : declaredContentType.split(';')[0]!.trim().toLowerCase();
  const declaredType = declared === null ? null : ACCEPTED_CONTENT_TYPES[declared];
  if (declared !== null && declaredType === undefined) {
    throw new DocumentAnalysisError('unsupported_file_type', `content type ${declared} is not accepted; send PDF, PNG, JPEG or TIFF`);
  }
  if (sniffed === 'unknown') {
    throw declaredType
      ? new DocumentAnalysisError('file_type_mismatch', `the file was declared ${declared} but its bytes are not a PDF, PNG, JPEG or TIFF`)
      : new DocumentAnalysisError('unsupported_file_type', 'the file is not a PDF, PNG, JPEG or TIFF');
  }
  if (declaredType && declaredType !== sniffed) {
    throw new DocumentAnalysisError('file_type_mismatch', `the file was declared ${declared} but its bytes are a ${sniffed.toUpperCase()}`);
  }
  return sniffed;
}
