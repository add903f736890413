// Which characters of a read zone are too doubtful to accept the read: any character that matches
// no reference glyph well (a smudge, a glyph cut by the document's edge, glare), any character
// no check digit covers (names, countries, sex) whose best match barely beats the runner-up, and
// a letter barely ahead of a digit or the reverse where both may stand and no check digit of its
// own covers it, or where one does but cannot tell the two apart (G/6, L/1, U/0: mrz-check-blind.ts). A
// misread name passes every check digit, so only the reader's own certainty can stop it. Pure.

import type { MrzLayout } from '../mrz/mrz-layout.js';
import { isCheckBlindPair } from '../mrz/mrz-check-blind.js';
import { checkedPositions } from './mrz-character-positions.js';
import type { CellReading } from './ocr-b-glyph.classifier.js';

/** Correlation below which a cell matches no glyph (read glyphs score about 0.9). */
export const MIN_CELL_SCORE = 0.5;
/** Lead over the runner-up that a character without a check digit needs. */
export const MIN_UNCHECKED_MARGIN = 0.015;
/**
 * Lead a letter needs over a digit runner-up, or a digit over a letter, where the position allows
 * both and no check digit of its own covers it (optional data: only a composite, or nothing on
 * visas). A composite does not guard these: two swaps can cancel (O for 0 twice in a TD1's
 * optional data) and visa optional data has no check digit at all.
 */
export const MIN_MIXED_KIND_MARGIN = 0.08;

export interface DoubtfulCell {
  line: number;
  index: number;
  reason: 'no_match' | 'ambiguous' | 'letter_or_digit' | 'check_blind';
}

const isDigit = (c: string) => c >= '0' && c <= '9';
const isLetter = (c: string) => c >= 'A' && c <= 'Z';

export function doubtfulCells(cells: readonly CellReading[][], layout: MrzLayout): DoubtfulCell[] {
  const checked = checkedPositions(layout);
  const ownCheck = checkedPositions(layout, { compositeCounts: false });
  const out: DoubtfulCell[] = [];
  cells.forEach((line, l) =>
    line.forEach((cell, index) => {
      if (cell.score < MIN_CELL_SCORE) out.push({ line: l, index, reason: 'no_match' });
      else if (!checked[l]?.[index] && cell.margin < MIN_UNCHECKED_MARGIN) out.push({ line: l, index, reason: 'ambiguous' });
      else if (!ownCheck[l]?.[index] && cell.margin < MIN_MIXED_KIND_MARGIN && ((isDigit(cell.char) && isLetter(cell.runnerUp)) || (isLetter(cell.char) && isDigit(cell.runnerUp)))) {
        out.push({ line: l, index, reason: 'letter_or_digit' });
      } else if (cell.margin < MIN_MIXED_KIND_MARGIN && isCheckBlindPair(cell.char, cell.runnerUp)) {
        // Covered by a check digit that cannot tell the two apart (a 6 read G barely ahead of 6).
        out.push({ line: l, index, reason: 'check_blind' });
      }
    }),
  );
  return out;
}
