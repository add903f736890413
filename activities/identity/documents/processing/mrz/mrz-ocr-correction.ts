// Repairs common OCR misreadings in a machine-readable zone of the right shape.
//
// Verified repairs: a letter in a digit-only position (date, check digit) can only be a misread
// digit; it is replaced by the digit it resembles (O→0, I→1, Z→2, S→5, B→8...) and the repair kept
// only if the field's check digit then holds (the composite, for its own digit).
//
// Look-alike swaps in mixed letter/digit fields (document number, personal number, optional data)
// are confirmed by one check digit only, one chance in ten of validating by coincidence per guess:
// the composite adds nothing for these fields, as they sit at composite offsets that are multiples
// of 3 (document number at 0, TD3 personal number at 24), so it weighs them exactly as their own
// check digit does. So only the one confusion too common to refuse is repaired: a zero read as
// the letter O in the document number (OCR's language model turns "FR0" into "FRO"), trying each
// O alone and all of them, and accepted only if exactly one of those readings validates.
//
// Unverified repairs, reported as such: letter-only fields (document code, countries, sex, name)
// carry no check digit, and a digit there can only be a misread letter; fillers read as K.

import { DIGIT_FOR_LETTER, LETTER_FOR_DIGIT } from './mrz-ocr-confusions.js';
import { isCheckSatisfied } from './mrz-checks.js';
import { readSpan, type MrzCheck, type MrzLayout, type MrzSpan } from './mrz-layout.js';

export interface MrzCorrection {
  line: number;
  index: number;
  from: string;
  to: string;
  /** True when a check digit confirmed the change. */
  verified: boolean;
}

interface Change {
  line: number;
  index: number;
  to: string;
}

export function correctMrzOcrErrors(lines: readonly string[], layout: MrzLayout): { lines: string[]; corrections: MrzCorrection[] } {
  const letterFixes = unverifiedChanges(lines, layout);
  const afterLetters = applyChanges(lines, letterFixes);
  // Field checks first, then the composite (last in the layout), which covers their digits.
  const checkedFixes: Change[] = [];
  let corrected = afterLetters;
  for (const check of layout.checks) {
    const fixes = [...verifiedDigitFixes(corrected, layout, check), ...(check.field === 'document_number' ? zeroReadAsO(corrected, layout, check) : [])];
    checkedFixes.push(...fixes);
    corrected = applyChanges(corrected, fixes);
  }
  const corrections = [
    ...letterFixes.map((c) => ({ ...c, from: lines[c.line]![c.index]!, verified: false })),
    ...checkedFixes.map((c) => ({ ...c, from: afterLetters[c.line]![c.index]!, verified: true })),
  ].filter((c) => c.from !== c.to);
  return { lines: corrected, corrections };
}

// --- letter-only fields ---------------------------------------------------------------------

function unverifiedChanges(lines: readonly string[], layout: MrzLayout): Change[] {
  const changes: Change[] = [];
  for (const span of [layout.documentCode, layout.issuingCountry, layout.nationality, layout.sex, layout.name]) {
    for (let i = span.start; i < span.end; i++) {
      const letter = LETTER_FOR_DIGIT[lines[span.line]![i]!];
      if (letter) changes.push({ line: span.line, index: i, to: letter });
    }
  }
  const afterLetters = applyChanges(lines, changes);
  changes.push(...fillerChanges(afterLetters, layout.name, true));
  for (const span of [layout.documentNumber, ...layout.optionalData]) changes.push(...fillerChanges(afterLetters, span, false));
  return changes;
}

// Filler '<' misread as K. Check digits cannot catch this: K is worth 20, '<' 0, the same modulo
// 10. So it is a heuristic, applied where a K is implausible: runs of three or more K, a K after a
// filler and before a filler/K/the end, and K in the trailing filler run of mixed fields. In the name,
// when the trailing fillers were read as K, the '<<' separator was too, so a KK becomes '<<'.
// A K touching a letter is otherwise kept ("MARK<<" stays MARK).
function fillerChanges(lines: readonly string[], span: MrzSpan, isName: boolean): Change[] {
  const field = readSpan(lines, span);
  let fixed = field.replace(/K{3,}/g, (run) => '<'.repeat(run.length));
  fixed = fixed.replace(/(?<=<)K(?=[<K]|$)/g, '<').replace(/(?<=<)K(?=[<K]|$)/g, '<');
  if (isName && /K{3,}$/.test(field)) fixed = fixed.replace(/(?<=[A-Z])KK(?=[A-Z])/g, '<<');
  if (!isName) fixed = fixed.replace(/<[K<]*$/, (run) => '<'.repeat(run.length));
  const changes: Change[] = [];
  for (let i = 0; i < field.length; i++) {
    if (fixed[i] !== field[i]) changes.push({ line: span.line, index: span.start + i, to: fixed[i]! });
  }
  return changes;
}

// --- check-digit protected fields -----------------------------------------------------------

const DIGIT_ONLY_FIELDS = new Set(['birth_date', 'expiry_date']);

/** Letters in the digit-only positions a check covers, read as digits if the check then holds. */
function verifiedDigitFixes(lines: readonly string[], layout: MrzLayout, check: MrzCheck): Change[] {
  if (isCheckSatisfied(lines, layout, check)) return [];
  const positions = [...(DIGIT_ONLY_FIELDS.has(check.field) ? check.data : []), check.digit].flatMap(positionsIn);
  const fixes: Change[] = [];
  for (const p of positions) {
    const char = lines[p.line]![p.index]!;
    if (/[0-9]/.test(char) || (char === '<' && p.line === check.digit.line && p.index === check.digit.start)) continue;
    const digit = DIGIT_FOR_LETTER[char];
    if (!digit) return [];
    fixes.push({ ...p, to: digit });
  }
  if (fixes.length === 0) return [];
  return isCheckSatisfied(applyChanges(lines, fixes), layout, check) ? fixes : [];
}

function zeroReadAsO(lines: readonly string[], layout: MrzLayout, check: MrzCheck): Change[] {
  if (isCheckSatisfied(lines, layout, check)) return [];
  const os = check.data.flatMap(positionsIn).filter((p) => lines[p.line]![p.index] === 'O');
  const guesses = [...os.map((p) => [p]), ...(os.length > 1 ? [os] : [])].map((ps) => ps.map((p) => ({ ...p, to: '0' })));
  const valid = guesses.filter((g) => isCheckSatisfied(applyChanges(lines, g), layout, check));
  return valid.length === 1 ? valid[0]! : [];
}

function positionsIn(span: MrzSpan): { line: number; index: number }[] {
  const out: { line: number; index: number }[] = [];
  for (let i = span.start; i < span.end; i++) out.push({ line: span.line, index: i });
  return out;
}

function applyChanges(lines: readonly string[], changes: readonly Change[]): string[] {
  if (changes.length === 0) return [...lines];
  const chars = lines.map((l) => [...l]);
  for (const c of changes) chars[c.line]![c.index] = c.to;
  return chars.map((c) => c.join(''));
}
