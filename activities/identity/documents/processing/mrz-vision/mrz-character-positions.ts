// Which characters each position of a machine-readable zone may hold, from the ICAO layouts:
// dates and check digits are digits, country codes, document codes and names letters or fillers,
// the sex M, F, X or filler, numbers and optional data any. A zone's shape (lines × length) fits
// two layouts (TD3 or MRV-A, TD2 or MRV-B): the document code (V for visas) picks one, and before
// it is known a position allows what either allows. Reading a cell only among its allowed
// characters is how MRZ readers avoid O/0 and I/1 mix-ups. Pure.

import { MRZ_LAYOUTS, type MrzLayout, type MrzSpan } from '../mrz/mrz-layout.js';

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const MRZ_ALPHABET = `${LETTERS}${DIGITS}<`;

/** allowed[line][index]: the characters that position may hold. */
export type AllowedCharacters = string[][];

export function allowedCharacters(lineCount: number, lineLength: number, documentCode?: string): AllowedCharacters | undefined {
  const layouts = layoutsOfShape(lineCount, lineLength).filter((l) => documentCode === undefined || isVisaLayout(l) === (documentCode === 'V'));
  if (layouts.length === 0) return undefined;
  const perLayout = layouts.map(allowedFor);
  return perLayout[0]!.map((line, l) => line.map((_, i) => unionOf(perLayout.map((p) => p[l]![i]!))));
}

/** The layouts of a zone shape; with the first character read, the one layout it is. */
export function layoutsOfShape(lineCount: number, lineLength: number): MrzLayout[] {
  return Object.values(MRZ_LAYOUTS).filter((l) => l.lineCount === lineCount && l.lineLength === lineLength);
}

function isVisaLayout(layout: MrzLayout): boolean {
  return layout.format === 'MRVA' || layout.format === 'MRVB';
}

/**
 * checked[line][index]: whether a check digit covers the position (its data or the digit itself);
 * with `compositeCounts: false`, only a field's own check digit.
 */
export function checkedPositions(layout: MrzLayout, options: { compositeCounts?: boolean } = {}): boolean[][] {
  const checked = Array.from({ length: layout.lineCount }, () => new Array<boolean>(layout.lineLength).fill(false));
  for (const check of layout.checks) {
    if (check.field === 'composite' && options.compositeCounts === false) continue;
    for (const span of [...check.data, check.digit]) for (let i = span.start; i < span.end; i++) checked[span.line]![i] = true;
  }
  return checked;
}

function allowedFor(layout: MrzLayout): string[][] {
  const allowed = Array.from({ length: layout.lineCount }, () => new Array<string>(layout.lineLength).fill(MRZ_ALPHABET));
  const set = (span: MrzSpan, chars: string) => {
    for (let i = span.start; i < span.end; i++) allowed[span.line]![i] = chars;
  };
  for (const span of [layout.documentCode, layout.issuingCountry, layout.nationality, layout.name]) set(span, `${LETTERS}<`);
  set(layout.sex, 'MFX<');
  set(layout.birthDate, DIGITS);
  set(layout.expiryDate, DIGITS);
  for (const check of layout.checks) {
    // A long TD1/TD2 document number moves its check digit into the optional data and leaves a
    // filler in the check position.
    const fillerPossible = check.fillerAllowedWhenEmpty || (check.field === 'document_number' && (layout.format === 'TD1' || layout.format === 'TD2'));
    set(check.digit, fillerPossible ? `${DIGITS}<` : DIGITS);
  }
  return allowed;
}

function unionOf(sets: readonly string[]): string {
  const chars = new Set(sets.join(''));
  return [...MRZ_ALPHABET].filter((c) => chars.has(c)).join('');
}
