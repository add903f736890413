// Which characters of a read zone are too doubtful to accept the read: any character that matches
// no reference glyph well (a smudge, a glyph cut by the document's edge, glare), and any character
// no check digit covers (names, countries, sex) whose best match barely beats the runner-up. A
// misread name passes every check digit, so only the reader's own certainty can stop it. Pure.

import type { MrzLayout } from '../mrz/mrz-layout.js';
import { checkedPositions } from './mrz-character-positions.js';
import type { CellReading } from './ocr-b-glyph.classifier.js';

/** Correlation below which a cell matches no glyph (read glyphs score about 0.9). */
export const MIN_CELL_SCORE = 0.5;
/** Lead over the runner-up that a character without a check digit needs. */
export const MIN_UNCHECKED_MARGIN = 0.015;

export interface DoubtfulCell {
  line: number;
  index: number;
  reason: 'no_match' | 'ambiguous';
}

export function doubtfulCells(cells: readonly CellReading[][], layout: MrzLayout): DoubtfulCell[] {
  const checked = checkedPositions(layout);
  const out: DoubtfulCell[] = [];
  cells.forEach((line, l) =>
    line.forEach((cell, index) => {
      if (cell.score < MIN_CELL_SCORE) out.push({ line: l, index, reason: 'no_match' });
      else if (!checked[l]?.[index] && cell.margin < MIN_UNCHECKED_MARGIN) out.push({ line: l, index, reason: 'ambiguous' });
    }),
  );
  return out;
}
