// Reads the characters of a located zone with the OCR-B glyph model: every cell is sampled and
// classified among the characters its position allows (the first cell, the document code,
// decides between visa and other layouts for the rest). Returns the text with each character's
// score and margin, for the repair, consensus and acceptance rules downstream. Pure.

import type { GrayImage } from '../image/gray-image.js';
import type { MrzBand } from './mrz-band.finder.js';
import { sampleBandCells } from './mrz-cell.sampler.js';
import { allowedCharacters } from './mrz-character-positions.js';
import { classifyCell, type CellReading } from './ocr-b-glyph.classifier.js';
import type { GlyphModel } from './ocr-b-glyph.model.js';

export interface BandReading {
  lines: string[];
  cells: CellReading[][];
  /** Mean best-match score over all cells: how much the zone looks like upright OCR-B. */
  meanScore: number;
}

export function readBand(image: GrayImage, band: MrzBand, model: GlyphModel): BandReading | undefined {
  const anyLayout = allowedCharacters(band.lines.length, band.cells);
  if (!anyLayout) return undefined;
  const patches = sampleBandCells(image, band);
  const documentCode = classifyCell(patches[0]![0]!, model, anyLayout[0]![0]!);
  const allowed = allowedCharacters(band.lines.length, band.cells, documentCode.char) ?? anyLayout;
  const cells = patches.map((line, l) => line.map((patch, k) => (l === 0 && k === 0 ? documentCode : classifyCell(patch, model, allowed[l]![k]!))));
  const all = cells.flat();
  return {
    lines: cells.map((line) => line.map((c) => c.char).join('')),
    cells,
    meanScore: all.reduce((a, c) => a + c.score, 0) / all.length,
  };
}
