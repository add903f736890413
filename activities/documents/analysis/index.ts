// The processing engine of generic documents: the stages and the one entry point, for the
// activities that run them. See README.md, "Documents — processing engine".

export { analyseDocument, type AnalyseDocumentInput, type AnalyseDocumentOptions, type DocumentAnalysis } from './analyse-document.js';
export { extractDocumentText, checkFile, type ExtractTextOptions } from './text/document-text.extractor.js';
export { classifyDocument, type DocumentClassification, type ClassificationEvidence } from './classification/document.classifier.js';
export { extractData, type ExtractionConfig, type ExtractionResult, type ExtractionIssue } from './extraction/extract-data.js';
export { compileExtractionSchema, type JsonSchema } from './extraction/extraction-schema.js';
export type { Extractor, ExtractionInput, ExtractionOutput } from './extraction/extractor.js';
export { LayoutExtractor } from './extraction/layout.extractor.js';
export { analyseFraud, type FraudConfig, type FraudResult, type FraudResultCoordinates, type FraudAnalysis } from './fraud/analyse-fraud.js';
export { INDICATOR_CATALOG, type Indicator, type IndicatorLocation } from './fraud/indicator.js';
export { scoreIndicators, type FraudScore } from './fraud/fraud-score.js';
export { DocumentAnalysisError, toProcessingError, type ProcessingError, type AnalysisErrorCode } from './analysis-errors.js';
export { DEFAULT_ANALYSIS_LIMITS, type AnalysisLimits } from './analysis-limits.js';
export type { DocumentText, PageText, DocumentWord } from './document-text.js';
export type { Location, NormalizedBox, Point } from './location.js';
