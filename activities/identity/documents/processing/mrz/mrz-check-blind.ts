// Look-alike characters that no ICAO 9303 check digit can tell apart. A check digit is the sum of
// character values times weights 7, 3, 1, modulo 10 (letters are 10-35, digits their value), so
// two characters whose values differ by a multiple of 10 leave every check digit — the field's
// own and the composite — unchanged wherever they stand. Among the letters and digits OCR
// engines confuse (mrz-ocr-confusions.ts) that holds for G/6 (16/6), L/1 (21/1) and U/0 (30/0):
// a document number printed with a 6 and read with a G passes every check. Where a position
// allows both letters and digits (document numbers, optional data), only the reader's certainty
// can separate them. Pure.

import { mrzCharValue } from './mrz-check-digit.js';
import { DIGIT_FOR_LETTER } from './mrz-ocr-confusions.js';

/** Letter → the look-alike digit no check digit tells it from (G → 6, L → 1, U → 0). */
export const CHECK_BLIND_DIGIT_FOR_LETTER: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(DIGIT_FOR_LETTER).filter(([letter, digit]) => {
    const a = mrzCharValue(letter);
    const b = mrzCharValue(digit);
    return a !== undefined && b !== undefined && (a - b) % 10 === 0;
  }),
);

/** Whether `a` and `b` are a letter and its look-alike digit that every check digit accepts alike. */
export function isCheckBlindPair(a: string, b: string): boolean {
  return CHECK_BLIND_DIGIT_FOR_LETTER[a] === b || CHECK_BLIND_DIGIT_FOR_LETTER[b] === a;
}
