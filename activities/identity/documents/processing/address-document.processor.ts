// Processes an uploaded proof-of-address document: checks that the file is what it claims to be
// (PDF, PNG or JPEG), extracts its text (text layer or OCR) and analyses it (see
// address/address-document.analyzer.ts). The lead's Temporal activity wraps this.

import type { AddressDocumentAnalysis, ExpectedAddress } from './address/address-document.analyzer.js';
import { analyzeAddressDocument } from './address/address-document.analyzer.js';
import type { NumericDateOrder } from './address/document-dates.js';
import type { PersonName } from './address/holder-name.matcher.js';
import { documentProcessingError, type DocumentProcessingError } from './document-processing-errors.js';
import { extractDocumentText, type ExtractableType, type ExtractedText } from './document-text.extractor.js';
import { sniffFileType } from './file-type.sniffer.js';
import { ToolFailedError } from './ocr/command.runner.js';
import { DocumentAnalysisError } from '../../../documents/analysis/analysis-errors.js';
import { DEFAULT_ANALYSIS_LIMITS } from '../../../documents/analysis/analysis-limits.js';
import { checkPdfDecodedSize } from '../../../documents/analysis/text/pdf-decoded-size.check.js';

export interface ProcessAddressDocumentOptions {
  now: Date;
  expectedName?: PersonName;
  expectedAddress?: ExpectedAddress;
  maxAgeMonths?: number;
  dateOrder?: NumericDateOrder;
  timeoutMs?: number;
}

export type AddressDocumentResult =
  | ({ status: 'processed'; text_source: ExtractedText['method'] } & AddressDocumentAnalysis)
  | { status: 'failed'; errors: DocumentProcessingError[] };

const DECLARED_TYPES: Readonly<Record<string, ExtractableType>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
};

export async function processAddressDocument(filePath: string, contentType: string, options: ProcessAddressDocumentOptions): Promise<AddressDocumentResult> {
  const declared = DECLARED_TYPES[contentType.split(';')[0]!.trim().toLowerCase()];
  if (!declared) return failed('unsupported_file', `content type ${contentType} is not accepted; send a PDF, PNG or JPEG`);
  const actual = await sniffFileType(filePath);
  if (actual !== declared) {
    return failed('unsupported_file', `the file is ${actual === 'unknown' ? 'not a recognised format' : `a ${actual.toUpperCase()}`} but was sent as ${contentType}`);
  }

  if (declared === 'pdf') {
    // The same decompression-bomb check as generic documents: poppler would otherwise decode a
    // 25 GiB stream until its time limit, on every retry.
    const refusal = await pdfDecodedSizeRefusal(filePath, options.timeoutMs ?? 60_000);
    if (refusal) return failed('unsupported_file', refusal);
  }

  let extracted: ExtractedText;
  try {
    extracted = await extractDocumentText(filePath, declared, { timeoutMs: options.timeoutMs });
  } catch (error) {
    // A damaged or encrypted file makes the tool exit with an error; timeouts and missing tools
    // are rethrown for the activity to retry.
    if (error instanceof ToolFailedError && error.reason === 'exit') return failed('unsupported_file', 'the file could not be read');
    throw error;
  }
  if (extracted.text.replace(/\s/g, '').length === 0) return failed('text_not_found', 'no text could be read from the document');

  const analysis = analyzeAddressDocument(extracted.text, options);
  return { status: 'processed', text_source: extracted.method, ...analysis };
}

/** Why the PDF is refused before it is read (decodes past the limit, unreadable structure), or null. */
async function pdfDecodedSizeRefusal(filePath: string, timeoutMs: number): Promise<string | null> {
  try {
    await checkPdfDecodedSize(filePath, { maxDecodedStreamBytes: DEFAULT_ANALYSIS_LIMITS.maxDecodedStreamBytes, toolTimeoutMs: timeoutMs });
    return null;
  } catch (error) {
    // A missing qpdf is the operator's to fix: the activity retries.
    if (error instanceof DocumentAnalysisError && error.permanent) return error.code === 'file_unreadable' ? 'the file could not be read' : error.detail;
    throw error;
  }
}

function failed(code: DocumentProcessingError['code'], detail: string): AddressDocumentResult {
  return { status: 'failed', errors: [documentProcessingError(code, detail)] };
}
