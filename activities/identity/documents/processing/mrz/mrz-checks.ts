// Evaluates every check digit of a zone against its layout, including the TD1/TD2 long document
// number case (ICAO 9303 part 5 §4.2.4 note j): when the number exceeds 9 characters, the check
// position holds '<' and the rest of the number, then its check digit, open the optional data.

import { isCheckDigitValid } from './mrz-check-digit.js';
import { readSpan, type MrzCheck, type MrzLayout } from './mrz-layout.js';

export interface DocumentNumberParts {
  /** The full document number with fillers, as covered by its check digit. */
  data: string;
  checkChar: string;
  /** Characters of the first optional data field used by a long number (0 when not long). */
  optionalCharsUsed: number;
}

export function documentNumberParts(lines: readonly string[], layout: MrzLayout): DocumentNumberParts {
  const check = layout.checks.find((c) => c.field === 'document_number')!;
  const base = readSpan(lines, layout.documentNumber);
  const checkChar = readSpan(lines, check.digit);
  const optional = layout.optionalData[0];
  const longNumberPossible = (layout.format === 'TD1' || layout.format === 'TD2') && optional !== undefined;
  if (longNumberPossible && checkChar === '<' && !base.endsWith('<')) {
    const rest = readSpan(lines, optional).match(/^[A-Z0-9]+/)?.[0] ?? '';
    if (rest.length >= 2) {
      return { data: base + rest.slice(0, -1), checkChar: rest.slice(-1), optionalCharsUsed: rest.length };
    }
  }
  return { data: base, checkChar, optionalCharsUsed: 0 };
}

/** Whether one check holds for the given lines. */
export function isCheckSatisfied(lines: readonly string[], layout: MrzLayout, check: MrzCheck): boolean {
  if (check.field === 'document_number') {
    const parts = documentNumberParts(lines, layout);
    return isCheckDigitValid(parts.data, parts.checkChar);
  }
  const data = check.data.map((s) => readSpan(lines, s)).join('');
  return isCheckDigitValid(data, readSpan(lines, check.digit), check.fillerAllowedWhenEmpty);
}

/** The checks that fail, in layout order. */
export function failingChecks(lines: readonly string[], layout: MrzLayout): MrzCheck[] {
  return layout.checks.filter((check) => !isCheckSatisfied(lines, layout, check));
}
