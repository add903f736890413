// Which characters of a read zone are too doubtful to accept the read: any character that matches
// no reference glyph well, or far worse than the zone's other characters match theirs (a smudge, a
// glyph cut by the document's edge, glare, a character outside the MRZ alphabet), any character
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
/**
 * How far below the zone's median score a cell may fall and still count as a glyph of the zone. A
 * character outside the MRZ alphabet (a hyphen or an apostrophe printed in a name, which ICAO 9303
 * writes as < or leaves out) matches the nearest letter at 0.54-0.65 while the zone's own glyphs
 * score about 0.97: read as H or T it would pass every check (no check digit covers a name). In
 * the 216 photos of bench/mrz-reading.ts (tilt, noise, JPEG, glare, perspective, low resolution)
 * no cell of an accepted read fell more than 0.14 below its zone's median.
 */
export const MAX_BELOW_ZONE_MEDIAN = 0.25;
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
  reason: 'no_match' | 'ambiguous' | 'letter_or_digit' | 'check_blind' | 'spent_check';
}

function medianScore(cells: readonly CellReading[][]): number {
  const scores = cells.flat().map((c) => c.score).sort((a, b) => a - b);
  return scores.length === 0 ? 0 : scores[Math.floor(scores.length / 2)]!;
}

const isDigit = (c: string) => c >= '0' && c <= '9';
const isLetter = (c: string) => c >= 'A' && c <= 'Z';

export function doubtfulCells(cells: readonly CellReading[][], layout: MrzLayout): DoubtfulCell[] {
  const checked = checkedPositions(layout);
  const ownCheck = checkedPositions(layout, { compositeCounts: false });
  const out: DoubtfulCell[] = [];
  const floor = Math.max(MIN_CELL_SCORE, medianScore(cells) - MAX_BELOW_ZONE_MEDIAN);
  cells.forEach((line, l) =>
    line.forEach((cell, index) => {
      if (cell.score < floor) out.push({ line: l, index, reason: 'no_match' });
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
