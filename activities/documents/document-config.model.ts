/**
 * A generic document's processing configuration: `extraction_config {enabled, schema,
 * extraction_rules}` and `fraud_config {enabled, requires_digital_signature}`, from its template's
 * version and overridden, config by config, by the document's own `meta`. The extraction schema
 * must be a JSON Schema object (checked with ajv by the engine): otherwise 422 with a pointer into
 * the request.
 */
import { unprocessableError } from '../domain-error.model.js';
import { DocumentAnalysisError } from './analysis/analysis-errors.js';
import { compileExtractionSchema } from './analysis/extraction/extraction-schema.js';

export interface ExtractionConfigValue {
  enabled: boolean;
  schema: Record<string, unknown> | null;
  extraction_rules: string | null;
}

export interface FraudConfigValue {
  enabled: boolean;
  requires_digital_signature: boolean;
}

export const DISABLED_EXTRACTION: ExtractionConfigValue = { enabled: false, schema: null, extraction_rules: null };
export const DEFAULT_FRAUD: FraudConfigValue = { enabled: true, requires_digital_signature: false };

/** Throws 422 (pointer into the request) when the schema is not a JSON Schema object the extractor can use. */
export function checkExtractionConfig(config: ExtractionConfigValue, pointer: string): void {
  if (!config.schema) {
    if (config.enabled) throw unprocessableError('invalid_extraction_schema', 'an enabled extraction needs a schema (a JSON Schema object with properties)', `${pointer}/schema`);
    return;
  }
  try {
    compileExtractionSchema(config.schema);
  } catch (error) {
    if (error instanceof DocumentAnalysisError) throw unprocessableError('invalid_extraction_schema', error.detail, `${pointer}/schema${error.pointer ?? ''}`);
    throw error;
  }
}

/** What processing runs with: the document's own configs where it gave them, else its template's, else the defaults. */
export function effectiveConfigs(
  template: { extraction_config: unknown; fraud_config: unknown } | null,
  own: { extraction_config: unknown; fraud_config: unknown },
): { extraction: ExtractionConfigValue; fraud: FraudConfigValue } {
  const extraction = (own.extraction_config ?? template?.extraction_config ?? DISABLED_EXTRACTION) as ExtractionConfigValue;
  const fraud = (own.fraud_config ?? template?.fraud_config ?? DEFAULT_FRAUD) as FraudConfigValue;
  return { extraction, fraud };
}

export { DOCUMENT_CLASSES, type DocumentClass } from './analysis/classification/document-classes.js';
