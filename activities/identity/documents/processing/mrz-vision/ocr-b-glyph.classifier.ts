// Reads one character cell: the patch is compared with every reference glyph by normalised
// correlation (insensitive to contrast and brightness), allowing a one-pixel shift either way,
// and the best-scoring character among those the position allows wins. The margin over the
// runner-up says how sure the read is. Pure.

import type { GlyphModel } from './ocr-b-glyph.model.js';
import { PATCH_HEIGHT, PATCH_WIDTH, type CellPatch } from './mrz-cell.sampler.js';

export interface CellReading {
  char: string;
  /** Correlation of the best match, −1…1. */
  score: number;
  /** Best score minus the best score of any other allowed character. */
  margin: number;
  runnerUp: string;
}

/** Prepared windows of a patch (its shifted cores, zero-mean and unit length). */
function shiftedCores(patch: CellPatch, coreWidth: number, coreHeight: number): Float32Array[] {
  const windows: Float32Array[] = [];
  for (let dy = 0; dy + coreHeight <= PATCH_HEIGHT; dy++) {
    for (let dx = 0; dx + coreWidth <= PATCH_WIDTH; dx++) {
      const w = new Float32Array(coreWidth * coreHeight);
      let mean = 0;
      for (let y = 0; y < coreHeight; y++) {
        for (let x = 0; x < coreWidth; x++) {
          const v = patch.ink[(y + dy) * PATCH_WIDTH + x + dx]!;
          w[y * coreWidth + x] = v;
          mean += v;
        }
      }
      mean /= w.length;
      let norm = 0;
      for (let i = 0; i < w.length; i++) {
        w[i]! -= mean;
        norm += w[i]! * w[i]!;
      }
      norm = Math.sqrt(norm);
      if (norm > 1e-6) for (let i = 0; i < w.length; i++) w[i]! /= norm;
      windows.push(w);
    }
  }
  return windows;
}

/** Best correlation per character over the model's templates (characters the model lacks score −1). */
export function characterScores(patch: CellPatch, model: GlyphModel): Map<string, number> {
  const windows = shiftedCores(patch, model.coreWidth, model.coreHeight);
  const scores = new Map<string, number>();
  for (const template of model.templates) {
    const t = template.vector;
    let best = -1;
    for (const w of windows) {
      let dot = 0;
      for (let i = 0; i < t.length; i++) dot += t[i]! * w[i]!;
      if (dot > best) best = dot;
    }
    if (best > (scores.get(template.char) ?? -1)) scores.set(template.char, best);
  }
  return scores;
}

export function classifyCell(patch: CellPatch, model: GlyphModel, allowed: string): CellReading {
  return pickAllowed(characterScores(patch, model), allowed);
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
