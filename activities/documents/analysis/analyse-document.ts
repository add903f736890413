// Stage 5: the one entry point that runs the stages in order and returns what the lead stores.
// Each stage is also exported on its own (extractDocumentText, classifyDocument, extractData,
// analyseFraud) so each can run as its own Temporal activity. A failure of the text stage fails
// the document (nothing else can be read); a failure of extraction (a schema that is not JSON
// Schema) is recorded and the fraud analysis still runs.

import { DEFAULT_ANALYSIS_LIMITS, type AnalysisLimits } from './analysis-limits.js';
import { DocumentAnalysisError, toProcessingError, type ProcessingError } from './analysis-errors.js';
import { classifyDocument, type DocumentClassification } from './classification/document.classifier.js';
import type { DocumentClass } from './classification/document-classes.js';
import type { DocumentText } from './document-text.js';
import { extractData, type ExtractionConfig, type ExtractionIssue, type ExtractionResult } from './extraction/extract-data.js';
import type { Extractor } from './extraction/extractor.js';
import { analyseFraud, type FraudConfig, type FraudResult, type FraudResultCoordinates } from './fraud/analyse-fraud.js';
import { extractDocumentText } from './text/document-text.extractor.js';

export interface AnalyseDocumentInput {
  filePath: string;
  /** The content type the uploader declared (checked against the bytes); null to skip the check. */
  contentType: string | null;
  extraction_config?: ExtractionConfig | null;
  fraud_config?: FraudConfig | null;
  /** The template's document_class_type, if any. */
  expected_class?: DocumentClass | null;
}

export interface AnalyseDocumentOptions {
  now: Date;
  limits?: Partial<AnalysisLimits>;
  ocrLanguages?: string;
  extractor?: Extractor;
  onProgress?: (stage: 'text' | 'classification' | 'extraction' | 'fraud', detail: string) => void;
}

export interface DocumentAnalysis {
  status: 'processed' | 'failed';
  pages: DocumentText | null;
  classification: DocumentClassification | null;
  extracted_data: Record<string, unknown> | null;
  extracted_data_coordinates: ExtractionResult['extracted_data_coordinates'] | null;
  extraction_issues: ExtractionIssue[];
  fraud_result: FraudResult | null;
  fraud_result_coordinates: FraudResultCoordinates | null;
  processing_errors: ProcessingError[];
}

export async function analyseDocument(input: AnalyseDocumentInput, options: AnalyseDocumentOptions): Promise<DocumentAnalysis> {
  const limits = { ...DEFAULT_ANALYSIS_LIMITS, ...options.limits };
  const result: DocumentAnalysis = {
    status: 'processed', pages: null, classification: null, extracted_data: null, extracted_data_coordinates: null, extraction_issues: [],
    fraud_result: null, fraud_result_coordinates: null, processing_errors: [],
  };
  try {
    result.pages = await extractDocumentText(input.filePath, input.contentType, {
      limits,
      ...(options.ocrLanguages ? { ocrLanguages: options.ocrLanguages } : {}),
      onProgress: (done, total) => options.onProgress?.('text', `page ${done} of ${total}`),
    });
  } catch (error) {
    if (!(error instanceof DocumentAnalysisError)) throw error;
    result.status = 'failed';
    result.processing_errors.push(toProcessingError(error, 'text', options.now));
    return result;
  }
  const wordCount = result.pages.pages.reduce((s, p) => s + p.words.length, 0);
  if (wordCount === 0) {
    result.status = 'failed';
    result.processing_errors.push(toProcessingError(new DocumentAnalysisError('text_not_found', 'no text could be read from the document (text layer and OCR are empty)'), 'text', options.now));
  }
  options.onProgress?.('classification', 'classifying');
  result.classification = classifyDocument(result.pages);

  let extraction: ExtractionResult | null = null;
  if (input.extraction_config?.enabled && wordCount > 0) {
    options.onProgress?.('extraction', 'extracting');
    try {
      extraction = await extractData(result.pages, input.extraction_config, result.classification.language, options.extractor);
      result.extracted_data = extraction.extracted_data;
      result.extracted_data_coordinates = extraction.extracted_data_coordinates;
      result.extraction_issues = extraction.issues;
    } catch (error) {
      if (!(error instanceof DocumentAnalysisError)) throw error;
      result.status = 'failed';
      result.processing_errors.push(toProcessingError(error, 'extraction', options.now));
    }
  }
  if (input.fraud_config?.enabled) {
    const fraud = await analyseFraud(input.filePath, result.pages, result.classification, extraction, input.fraud_config, {
      now: options.now,
      limits,
      expectedClass: input.expected_class ?? null,
      onProgress: (step) => options.onProgress?.('fraud', step),
    });
    result.fraud_result = fraud.fraud_result;
    result.fraud_result_coordinates = fraud.fraud_result_coordinates;
  }
  return result;
}
