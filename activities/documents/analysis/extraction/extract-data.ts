// Stage 3: schema-driven extraction. Checks the schema (a typed 422-able error when it is not JSON
// Schema), runs the extractor (the built-in layout extractor unless another is given), then
// validates the result against the schema with ajv: a value that fails its own property's rules
// (type, format, pattern, enum, bounds) is removed with its coordinates and reported, and
// required fields that were not found are reported. The data kept is always schema-valid except
// for missing required fields, which the report names.

import type { DocumentLanguage } from '../classification/language.detector.js';
import type { DocumentText } from '../document-text.js';
import type { Location } from '../location.js';
import { compileExtractionSchema } from './extraction-schema.js';
import type { Extractor } from './extractor.js';
import { LayoutExtractor } from './layout.extractor.js';

export interface ExtractionConfig {
  enabled: boolean;
  schema: unknown;
  extraction_rules?: string | null;
}

export interface ExtractionIssue {
  path: string;
  problem: 'missing_required' | 'invalid_value';
  message: string;
  /** The value that was found and removed (invalid_value). */
  rejected_value?: unknown;
}

export interface ExtractionResult {
  extracted_data: Record<string, unknown>;
  extracted_data_coordinates: { version: 1; fields: Record<string, Location[]> };
  issues: ExtractionIssue[];
  extractor: string;
}

export async function extractData(text: DocumentText, config: ExtractionConfig, language: DocumentLanguage, extractor: Extractor = new LayoutExtractor()): Promise<ExtractionResult> {
  const schema = compileExtractionSchema(config.schema);
  const output = await extractor.extract({ text, schema, rules: config.extraction_rules ?? null, language });
  const data = structuredClone(output.data);
  const fields = { ...output.coordinates };
  const issues: ExtractionIssue[] = [];
  // Remove failing values until the rest validates (each pass removes every value ajv names).
  for (let pass = 0; pass < 5; pass++) {
    const failures = schema.validate(data);
    const invalid = failures.filter((f) => hasPath(data, f.path));
    if (invalid.length === 0) {
      for (const f of failures) if (!issues.some((i) => i.path === f.path)) issues.push({ path: f.path, problem: 'missing_required', message: f.message });
      break;
    }
    for (const f of invalid) {
      const rejected = removePath(data, f.path);
      for (const key of Object.keys(fields)) if (key === f.path || key.startsWith(`${f.path}.`) || key.startsWith(`${f.path}[`)) delete fields[key];
      issues.push({ path: f.path, problem: 'invalid_value', message: f.message, rejected_value: rejected });
    }
  }
  return { extracted_data: data, extracted_data_coordinates: { version: 1, fields }, issues, extractor: extractor.name };
}

function segments(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
}

function hasPath(data: unknown, path: string): boolean {
  let node: unknown = data;
  for (const s of segments(path)) {
    if (node === null || typeof node !== 'object' || !(s in (node as object))) return false;
    node = (node as Record<string | number, unknown>)[s];
  }
  return path !== '';
}

function removePath(data: unknown, path: string): unknown {
  const parts = segments(path);
  let node = data as Record<string | number, unknown>;
  for (const s of parts.slice(0, -1)) node = node[s] as Record<string | number, unknown>;
  const last = parts[parts.length - 1]!;
  const value = node[last];
  if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
  else delete node[last];
  return value;
}
