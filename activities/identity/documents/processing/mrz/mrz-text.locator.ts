// Finds machine-readable-zone candidates in OCR output: 3 consecutive lines of 30 characters
// (TD1) or 2 of 36 (TD2, MRV-B) or 44 (TD3, MRV-A). OCR often drops or doubles a '<' in a long
// filler run (and may drop many in the trailing run of a name), so lines a few characters off are
// fitted by lengthening or shortening one filler run, and much shorter lines by lengthening their
// longest run; the parser's check digits then decide which candidate, if any, is right.

import { cartesianProduct } from './cartesian-product.js';

const ZONE_SHAPES = [
  { lines: 3, length: 30 },
  { lines: 2, length: 44 },
  { lines: 2, length: 36 },
] as const;

/** How far off a line may be and have any of its filler runs refitted. */
const MAX_LENGTH_DRIFT = 3;
/** Variants kept per line and candidates overall, to bound the parsing work. */
const MAX_VARIANTS_PER_LINE = 4;
const MAX_CANDIDATES = 48;

export interface MrzCandidate {
  lines: string[];
  /** Characters added or removed to fit the lines to the zone length (0 = read as is). */
  adjustments: number;
}

/** Cleans one OCR line: uppercase, no whitespace, '«' as two fillers, only MRZ characters kept. */
export function cleanMrzLine(line: string): string {
  return line
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/«/g, '<<')
    .replace(/[^A-Z0-9<]/g, '');
}

export function locateMrzCandidates(ocrText: string): MrzCandidate[] {
  const lines = ocrText.split(/\r?\n/).map(cleanMrzLine).filter((l) => l.length > 0);
  const candidates: MrzCandidate[] = [];
  for (const shape of ZONE_SHAPES) {
    for (let start = 0; start + shape.lines <= lines.length; start++) {
      const window = lines.slice(start, start + shape.lines);
      const variants = window.map((l) => fittedVariants(l, shape.length));
      if (variants.some((v) => v.length === 0)) continue;
      for (const combo of cartesianProduct(variants)) {
        candidates.push({ lines: combo.map((v) => v.line), adjustments: combo.reduce((sum, v) => sum + v.adjustments, 0) });
      }
    }
  }
  return candidates.sort((a, b) => a.adjustments - b.adjustments).slice(0, MAX_CANDIDATES);
}

interface LineVariant {
  line: string;
  adjustments: number;
}

function fittedVariants(line: string, length: number): LineVariant[] {
  const drift = length - line.length;
  if (drift === 0) return [{ line, adjustments: 0 }];
  if (drift < -MAX_LENGTH_DRIFT || drift > length / 2) return [];
  // Longest filler runs first: a dropped or extra '<' is likeliest in a long run.
  const runs = [...line.matchAll(/<{2,}/g)]
    .map((m) => ({ start: m.index, length: m[0].length }))
    .filter((r) => r.length + drift >= 1)
    .sort((a, b) => b.length - a.length)
    .slice(0, drift > MAX_LENGTH_DRIFT ? 1 : MAX_VARIANTS_PER_LINE);
  return runs.map((run) => ({
    line: line.slice(0, run.start) + '<'.repeat(run.length + drift) + line.slice(run.start + run.length),
    adjustments: Math.abs(drift),
  }));
}
