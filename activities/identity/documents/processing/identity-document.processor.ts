// Processes an uploaded identity document image: checks the file type, reads and validates the
// machine-readable zone, and returns the document fields or typed errors (see
// document-processing-errors.ts). The lead's Temporal activity wraps this.

import { documentProcessingError, type DocumentProcessingError } from './document-processing-errors.js';
import { sniffFileType } from './file-type.sniffer.js';
import type { MrzFields } from './mrz/mrz-fields.js';
import { readMrzFromImage } from './mrz-image.reader.js';
import { ToolFailedError } from './ocr/command.runner.js';

export interface ProcessIdentityDocumentOptions {
  /** Processing time, for the expiry check and the date century rule. */
  now: Date;
  timeoutMs?: number;
}

export type IdentityDocumentFields = Omit<MrzFields, 'format' | 'optional_data'> & {
  /** The zone as read (after repairs), for audit. */
  mrz: string[];
  mrz_format: MrzFields['format'];
};

export type IdentityDocumentResult =
  | { status: 'processed'; fields: IdentityDocumentFields }
  | { status: 'failed'; errors: DocumentProcessingError[]; fields?: IdentityDocumentFields };

const READABLE_TYPES = new Set(['png', 'jpeg']);

export async function processIdentityDocument(filePath: string, options: ProcessIdentityDocumentOptions): Promise<IdentityDocumentResult> {
  const type = await sniffFileType(filePath);
  if (!READABLE_TYPES.has(type)) {
    return failed(documentProcessingError('unsupported_file', `expected a PNG or JPEG image, got ${type === 'unknown' ? 'an unrecognised file' : type.toUpperCase()}`));
  }
  let result;
  try {
    result = await readMrzFromImage(filePath, options);
  } catch (error) {
    // A corrupt image makes ImageMagick or tesseract exit with an error; a timeout or a missing
    // tool is an infrastructure problem and is rethrown for the activity to retry.
    if (error instanceof ToolFailedError && error.reason === 'exit') {
      return failed(documentProcessingError('unsupported_file', 'the image could not be decoded'));
    }
    throw error;
  }
  if (result.ok) return { status: 'processed', fields: documentFields(result.mrz, result.fields) };
  if (result.code === 'mrz_not_found') return failed(documentProcessingError('mrz_not_found', result.detail));
  return { status: 'failed', errors: [documentProcessingError(result.code, result.detail)], fields: documentFields(result.mrz, result.fields) };
}

function failed(error: DocumentProcessingError): IdentityDocumentResult {
  return { status: 'failed', errors: [error] };
}

function documentFields(mrz: string[], fields: MrzFields): IdentityDocumentFields {
  const { format, optional_data: _optional, ...rest } = fields;
  return { ...rest, mrz, mrz_format: format };
}
