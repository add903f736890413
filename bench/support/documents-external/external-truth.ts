// The ground truth the external corpus generator writes beside each file, and the comparison of
// extracted data against it (per flattened field path: numbers within half a cent, text after
// folding with spaces ignored, so "DE89 3704…" and "DE893704…" are the same IBAN).

import { foldText } from '../../../activities/documents/analysis/text/text-folding.js';
import type { JsonSchema } from '../../../activities/documents/analysis/extraction/extraction-schema.js';
import { flattenFields } from '../flatten-fields.js';

export interface ExternalTruth {
  id: string;
  file: string;
  content_type: 'application/pdf' | 'image/jpeg';
  kind: string;
  locale: string;
  language: string;
  writer: string;
  font: string;
  variant: string;
  tampered: boolean;
  expected_indicators: string[];
  schema: JsonSchema;
  truth: Record<string, unknown>;
  measure_fields: boolean;
  note: string;
}

export interface FieldOutcome {
  path: string;
  kind: 'tp' | 'fn' | 'wrong' | 'fp';
  expected: unknown;
  got: unknown;
}

export function compareFields(truth: Record<string, unknown>, got: Record<string, unknown>): { outcomes: FieldOutcome[] } {
  const want = flattenFields(truth);
  const have = flattenFields(got);
  const outcomes: FieldOutcome[] = [];
  for (const [p, v] of want) {
    const g = have.get(p);
    outcomes.push({ path: p, kind: g === undefined ? 'fn' : same(v, g) ? 'tp' : 'wrong', expected: v, got: g });
  }
  for (const [p, g] of have) if (!want.has(p)) outcomes.push({ path: p, kind: 'fp', expected: undefined, got: g });
  return { outcomes };
}

export function summariseFields(items: { key: string; cmp: { outcomes: FieldOutcome[] } }[]): Map<string, { tp: number; fp: number; fn: number }> {
  const out = new Map<string, { tp: number; fp: number; fn: number }>();
  for (const { key, cmp } of items) {
    const c = out.get(key) ?? { tp: 0, fp: 0, fn: 0 };
    for (const o of cmp.outcomes) {
      if (o.kind === 'tp') c.tp++;
      if (o.kind === 'fn' || o.kind === 'wrong') c.fn++;
      if (o.kind === 'fp' || o.kind === 'wrong') c.fp++;
    }
    out.set(key, c);
  }
  return out;
}

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 0.005;
  const norm = (v: unknown) => foldText(String(v)).replace(/\s+/g, '');
  return norm(a) === norm(b);
}
