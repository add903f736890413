// Reads one character cell: the patch is compared with the reference glyphs by normalised
// correlation (insensitive to contrast and brightness), allowing a one-pixel shift either way,
// and the best-scoring character among those the position allows wins. The margin over the
// runner-up says how sure the read is. A first comparison with one averaged glyph per character
// picks the few likely characters; only their reference glyphs are then compared one by one.
// Pure.

import type { GlyphModel, GlyphTemplate } from './ocr-b-glyph.model.js';
import { PATCH_HEIGHT, PATCH_WIDTH, type CellPatch } from './mrz-cell.sampler.js';

export interface CellReading {
  char: string;
  /** Correlation of the best match, −1…1. */
  score: number;
  /** Best score minus the best score of any other allowed character. */
  margin: number;
  runnerUp: string;
}

/** Characters kept after the first comparison. */
const SHORTLIST = 5;

interface PreparedModel {
  /** Each character's templates and their normalised mean. */
  byChar: Map<string, { mean: Float32Array; templates: GlyphTemplate[] }>;
}

const prepared = new WeakMap<GlyphModel, PreparedModel>();

function prepare(model: GlyphModel): PreparedModel {
  let p = prepared.get(model);
  if (p) return p;
  const groups = new Map<string, GlyphTemplate[]>();
  for (const t of model.templates) groups.set(t.char, [...(groups.get(t.char) ?? []), t]);
  const byChar = new Map<string, { mean: Float32Array; templates: GlyphTemplate[] }>();
  for (const [char, templates] of groups) {
    const mean = new Float32Array(model.coreWidth * model.coreHeight);
    for (const t of templates) for (let i = 0; i < mean.length; i++) mean[i]! += t.vector[i]!;
    byChar.set(char, { mean: normalised(mean), templates });
  }
  p = { byChar };
  prepared.set(model, p);
  return p;
}

function normalised(v: Float32Array): Float32Array {
  let mean = 0;
  for (const x of v) mean += x;
  mean /= v.length;
  let norm = 0;
  for (let i = 0; i < v.length; i++) {
    v[i]! -= mean;
    norm += v[i]! * v[i]!;
  }
  norm = Math.sqrt(norm);
  if (norm > 1e-6) for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

/** The patch's cores at each one-pixel shift, zero-mean and unit length. */
function shiftedCores(patch: CellPatch, coreWidth: number, coreHeight: number): Float32Array[] {
  const windows: Float32Array[] = [];
  for (let dy = 0; dy + coreHeight <= PATCH_HEIGHT; dy++) {
    for (let dx = 0; dx + coreWidth <= PATCH_WIDTH; dx++) {
      const w = new Float32Array(coreWidth * coreHeight);
      for (let y = 0; y < coreHeight; y++) for (let x = 0; x < coreWidth; x++) w[y * coreWidth + x] = patch.ink[(y + dy) * PATCH_WIDTH + x + dx]!;
      windows.push(normalised(w));
    }
  }
  return windows;
}

function bestCorrelation(vector: Float32Array, windows: readonly Float32Array[]): number {
  let best = -1;
  for (const w of windows) {
    let dot = 0;
    for (let i = 0; i < vector.length; i++) dot += vector[i]! * w[i]!;
    if (dot > best) best = dot;
  }
  return best;
}

/**
 * Best correlation per character among `allowed`: over every reference glyph for the shortlisted
 * characters, with the averaged glyph for the others (which are far behind).
 */
export function characterScores(patch: CellPatch, model: GlyphModel, allowed: string): Map<string, number> {
  const { byChar } = prepare(model);
  const windows = shiftedCores(patch, model.coreWidth, model.coreHeight);
  const rough = [...allowed]
    .filter((c) => byChar.has(c))
    .map((char) => ({ char, score: bestCorrelation(byChar.get(char)!.mean, windows) }))
    .sort((a, b) => b.score - a.score);
  const scores = new Map<string, number>();
  for (const [i, { char, score }] of rough.entries()) {
    if (i >= SHORTLIST) {
      scores.set(char, score);
      continue;
    }
    let best = -1;
    for (const t of byChar.get(char)!.templates) best = Math.max(best, bestCorrelation(t.vector, windows));
    scores.set(char, best);
  }
  return scores;
}

export function classifyCell(patch: CellPatch, model: GlyphModel, allowed: string): CellReading {
  return pickAllowed(characterScores(patch, model, allowed), allowed);
}

export function pickAllowed(scores: ReadonlyMap<string, number>, allowed: string): CellReading {
  let best = { char: '<', score: -1 };
  let second = { char: '<', score: -1 };
  for (const char of allowed) {
    const score = scores.get(char) ?? -1;
    if (score > best.score) {
      second = best;
      best = { char, score };
    } else if (score > second.score) {
      second = { char, score };
    }
  }
  return { char: best.char, score: best.score, margin: best.score - second.score, runnerUp: second.char };
}
