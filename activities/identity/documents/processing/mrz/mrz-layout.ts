// Where each field sits in the five ICAO 9303 machine-readable-zone formats, and which character
// ranges each check digit covers. Positions are 0-based [start, end) within a line.

export type MrzFormat = 'TD1' | 'TD2' | 'TD3' | 'MRVA' | 'MRVB';

export interface MrzSpan {
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

/** A check digit and the data it protects (several spans are concatenated, for the composite). */
export interface MrzCheck {
  readonly field: MrzCheckedField;
  readonly data: readonly MrzSpan[];
  readonly digit: MrzSpan;
  /** ICAO lets an all-filler optional field carry '<' instead of a check digit. */
  readonly fillerAllowedWhenEmpty: boolean;
}

export type MrzCheckedField = 'document_number' | 'birth_date' | 'expiry_date' | 'personal_number' | 'composite';

export interface MrzLayout {
  readonly format: MrzFormat;
  readonly lineCount: number;
  readonly lineLength: number;
  readonly documentCode: MrzSpan;
  readonly issuingCountry: MrzSpan;
  readonly name: MrzSpan;
  readonly documentNumber: MrzSpan;
  readonly nationality: MrzSpan;
  readonly birthDate: MrzSpan;
  readonly sex: MrzSpan;
  readonly expiryDate: MrzSpan;
  /** Optional data fields in document order (TD1 has two). */
  readonly optionalData: readonly MrzSpan[];
  readonly checks: readonly MrzCheck[];
}

const span = (line: number, start: number, end: number): MrzSpan => ({ line, start, end });
const check = (field: MrzCheckedField, data: MrzSpan[], digit: MrzSpan, fillerAllowedWhenEmpty = false): MrzCheck => ({
  field,
  data,
  digit,
  fillerAllowedWhenEmpty,
});

// Two-line formats share the second-line positions up to the expiry check digit (part 4, 6, 7).
function twoLineLayout(format: MrzFormat, lineLength: 36 | 44, withComposite: boolean): MrzLayout {
  const optionalEnd = withComposite ? lineLength - 1 : lineLength;
  const optional = span(1, 28, format === 'TD3' ? 42 : optionalEnd);
  const checks: MrzCheck[] = [
    check('document_number', [span(1, 0, 9)], span(1, 9, 10)),
    check('birth_date', [span(1, 13, 19)], span(1, 19, 20)),
    check('expiry_date', [span(1, 21, 27)], span(1, 27, 28)),
  ];
  if (format === 'TD3') checks.push(check('personal_number', [span(1, 28, 42)], span(1, 42, 43), true));
  if (withComposite) {
    checks.push(
      check('composite', [span(1, 0, 10), span(1, 13, 20), span(1, 21, lineLength - 1)], span(1, lineLength - 1, lineLength)),
    );
  }
  return {
    format,
    lineCount: 2,
    lineLength,
    documentCode: span(0, 0, 2),
    issuingCountry: span(0, 2, 5),
    name: span(0, 5, lineLength),
    documentNumber: span(1, 0, 9),
    nationality: span(1, 10, 13),
    birthDate: span(1, 13, 19),
    sex: span(1, 20, 21),
    expiryDate: span(1, 21, 27),
    optionalData: [optional],
    checks,
  };
}

const TD1: MrzLayout = {
  format: 'TD1',
  lineCount: 3,
  lineLength: 30,
  documentCode: span(0, 0, 2),
  issuingCountry: span(0, 2, 5),
  name: span(2, 0, 30),
  documentNumber: span(0, 5, 14),
  nationality: span(1, 15, 18),
  birthDate: span(1, 0, 6),
  sex: span(1, 7, 8),
  expiryDate: span(1, 8, 14),
  optionalData: [span(0, 15, 30), span(1, 18, 29)],
  checks: [
    check('document_number', [span(0, 5, 14)], span(0, 14, 15)),
    check('birth_date', [span(1, 0, 6)], span(1, 6, 7)),
    check('expiry_date', [span(1, 8, 14)], span(1, 14, 15)),
    check('composite', [span(0, 5, 30), span(1, 0, 7), span(1, 8, 15), span(1, 18, 29)], span(1, 29, 30)),
  ],
};

export const MRZ_LAYOUTS: Readonly<Record<MrzFormat, MrzLayout>> = {
  TD1,
  TD2: twoLineLayout('TD2', 36, true),
  TD3: twoLineLayout('TD3', 44, true),
  MRVA: twoLineLayout('MRVA', 44, false),
  MRVB: twoLineLayout('MRVB', 36, false),
};

/** The format of a zone from its shape; visas (first character V) have no composite check digit. */
export function detectMrzFormat(lines: readonly string[]): MrzFormat | undefined {
  const first = lines[0] ?? '';
  const isVisa = first.startsWith('V');
  if (lines.length === 3 && lines.every((l) => l.length === 30)) return 'TD1';
  if (lines.length === 2 && lines.every((l) => l.length === 36)) return isVisa ? 'MRVB' : 'TD2';
  if (lines.length === 2 && lines.every((l) => l.length === 44)) return isVisa ? 'MRVA' : 'TD3';
  return undefined;
}

export function readSpan(lines: readonly string[], s: MrzSpan): string {
  return (lines[s.line] ?? '').slice(s.start, s.end);
}
