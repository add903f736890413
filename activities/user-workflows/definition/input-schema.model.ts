/**
 * A workflow's `input_schema` (JSON Schema, draft 2020-12 by default or draft-07 when its
 * `$schema` says so) checked with Ajv: at create/patch the schema itself must compile in strict
 * mode (unknown keywords and formats are refused, so a typo such as `requird` fails early); at
 * execute the input must satisfy it. Problems come back with JSON pointers into the request body.
 * Compiled validators are cached per schema text. No I/O.
 */
import { createRequire } from 'node:module';
import type { AnySchema, ErrorObject, ValidateFunction } from 'ajv';
import { linearRegExpEngine } from '../../../infra/regex/linear-regexp.js';

// Ajv and ajv-formats are CommonJS with `exports.default`; require gives the constructors as they are.
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default as typeof import('ajv/dist/2020.js').default;
const AjvDraft07 = require('ajv').default as typeof import('ajv').default;
const addFormats = require('ajv-formats').default as typeof import('ajv-formats').default;

export const INPUT_SCHEMA_POINTER = '/data/attributes/input_schema';
export const INPUT_POINTER = '/data/attributes/input';
const MAX_CACHED = 500;

export interface SchemaIssue {
  pointer: string;
  detail: string;
}

// Patterns are the client's: they run on the linear-time engine (no ReDoS).
const options = { allErrors: true, strict: true, strictTypes: false, strictTuples: false, strictRequired: false, logger: false as const, code: { regExp: linearRegExpEngine } };
const engines = {
  '2020-12': addFormats(new Ajv2020(options)),
  'draft-07': addFormats(new AjvDraft07(options)),
};
const cache = new Map<string, ValidateFunction>();

function engineFor(schema: Record<string, unknown>): (typeof engines)[keyof typeof engines] | string {
  const declared = schema.$schema;
  if (declared === undefined || declared === 'https://json-schema.org/draft/2020-12/schema') return engines['2020-12'];
  if (typeof declared === 'string' && /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/.test(declared)) return engines['draft-07'];
  return '$schema must be https://json-schema.org/draft/2020-12/schema (the default) or http://json-schema.org/draft-07/schema#';
}

function compile(schema: Record<string, unknown>): ValidateFunction | string {
  const key = JSON.stringify(schema);
  const cached = cache.get(key);
  if (cached) return cached;
  const engine = engineFor(schema);
  if (typeof engine === 'string') return engine;
  try {
    // Compiled without registering the schema by $id, so two workflows may reuse one $id.
    const { $id: _ignored, ...anonymous } = schema;
    const validate = engine.compile(anonymous as AnySchema);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, validate);
    return validate;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The schema's problems (none when it compiles). Executions take a JSON object, so the schema must describe one. */
export function checkInputSchema(schema: unknown): SchemaIssue[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [{ pointer: INPUT_SCHEMA_POINTER, detail: 'input_schema must be a JSON Schema object' }];
  const record = schema as Record<string, unknown>;
  if (record.type !== undefined && record.type !== 'object') return [{ pointer: `${INPUT_SCHEMA_POINTER}/type`, detail: 'input_schema must describe an object (type "object"): the execution input is a JSON object' }];
  const compiled = compile(record);
  return typeof compiled === 'string' ? [{ pointer: INPUT_SCHEMA_POINTER, detail: `input_schema is not a valid JSON Schema: ${compiled}` }] : [];
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function issueOf(error: ErrorObject): SchemaIssue {
  let path = error.instancePath;
  if (error.keyword === 'required') path += `/${escape(String((error.params as { missingProperty: string }).missingProperty))}`;
  if (error.keyword === 'additionalProperties') path += `/${escape(String((error.params as { additionalProperty: string }).additionalProperty))}`;
  const field = path === '' ? 'input' : path.split('/').pop()!.replace(/~1/g, '/').replace(/~0/g, '~');
  return { pointer: `${INPUT_POINTER}${path}`, detail: error.keyword === 'required' ? `${field} is required` : `${field} ${error.message ?? 'is invalid'}` };
}

/** The input's problems against the schema (a stored schema always compiles). */
export function checkInput(schema: unknown, input: unknown): SchemaIssue[] {
  const compiled = compile(schema as Record<string, unknown>);
  if (typeof compiled === 'string') return [{ pointer: INPUT_POINTER, detail: `the workflow's input_schema cannot be used: ${compiled}` }];
  if (compiled(input)) return [];
  return (compiled.errors ?? []).map(issueOf);
}
