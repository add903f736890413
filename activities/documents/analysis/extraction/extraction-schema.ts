// The extraction schema: a JSON Schema object (type, properties, required, additionalProperties)
// checked with ajv (pinned) before any document is read, and used afterwards to validate what was
// extracted. A schema that is not one fails with invalid_extraction_schema and a JSON pointer into
// it, which the API answers as 422.

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import { linearRegExpEngine } from '../../../../infra/regex/linear-regexp.js';
import { DocumentAnalysisError } from '../analysis-errors.js';

export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  [keyword: string]: unknown;
}

export interface ExtractionSchema {
  schema: JsonSchema;
  /** Validates extracted data; returns the failures as field paths and messages. */
  validate(data: unknown): { path: string; message: string }[];
}

const addFormats = ((ajvFormats as unknown as { default?: unknown }).default ?? ajvFormats) as (ajv: Ajv) => Ajv;

function newAjv(): Ajv {
  // allErrors: report every failing field; strict "log" off: templates may carry annotations of their own (x-labels...).
  // Patterns are the client's: they run on the linear-time engine (no ReDoS).
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true, code: { regExp: linearRegExpEngine } });
  addFormats(ajv);
  return ajv;
}

export function compileExtractionSchema(schema: unknown): ExtractionSchema {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new DocumentAnalysisError('invalid_extraction_schema', 'the schema must be a JSON object', '');
  }
  const s = schema as JsonSchema;
  if (s.type !== 'object') throw new DocumentAnalysisError('invalid_extraction_schema', 'the schema must describe an object ("type": "object")', '/type');
  if (s.properties === undefined || s.properties === null || typeof s.properties !== 'object' || Array.isArray(s.properties)) {
    throw new DocumentAnalysisError('invalid_extraction_schema', 'the schema must name the fields to extract in "properties"', '/properties');
  }
  const ajv = newAjv();
  if (!ajv.validateSchema(s)) {
    const first = (ajv.errors ?? [])[0];
    throw new DocumentAnalysisError('invalid_extraction_schema', `not a valid JSON Schema: ${first ? describe(first) : 'unknown problem'}`, first?.instancePath ?? '');
  }
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(s);
  } catch (error) {
    throw new DocumentAnalysisError('invalid_extraction_schema', `the schema cannot be compiled: ${(error as Error).message}`, '');
  }
  for (const name of s.required ?? []) {
    if (!(name in s.properties)) throw new DocumentAnalysisError('invalid_extraction_schema', `required field "${name}" is not among the properties`, '/required');
  }
  return {
    schema: s,
    validate(data: unknown) {
      if (validate(data)) return [];
      return (validate.errors ?? []).map((e) => ({ path: pointerToPath(e.instancePath, e.params), message: e.message ?? 'invalid' }));
    },
  };
}

function describe(e: ErrorObject): string {
  return `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`;
}

/** "/line_items/0/amount" → "line_items[0].amount" (the notation of extracted_data_coordinates). */
export function pointerToPath(pointer: string, params?: Record<string, unknown>): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (params && typeof params.missingProperty === 'string') parts.push(params.missingProperty);
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}
