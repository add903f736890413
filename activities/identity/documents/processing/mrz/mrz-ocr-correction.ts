// Repairs common OCR misreadings in a machine-readable zone of the right shape. Changes to
// check-digit-protected data are accepted only when the check digits then validate: a letter in a
// digit-only position (date, check digit) is replaced by the digit it resembles if the field's
// check digit then holds; a confusable character in a mixed field (document number, optional
// data) is swapped only when both the field's check digit and the composite then hold, so visas
// (no composite) get no such swaps. Among equally small repairs that validate, none is chosen,
// so a tampered zone is rarely "corrected" into a valid one by guesswork (about one chance in a
// hundred per confusable character). For the same reason at most one swap is made per zone, and
// none when `allowSwaps` is false (the OCR reader's choice for lines it had to refit). Letter-only fields
// (document code, countries, sex, name) carry no check digit; there a digit can only be a misread
// letter, so it is replaced and the change reported as unverified, as are fillers read as K.

import { cartesianProduct } from './cartesian-product.js';
import { DIGIT_FOR_LETTER, LETTER_FOR_DIGIT, alphanumericAlternatives } from './mrz-ocr-confusions.js';
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

interface Candidate {
  changes: Change[];
  cost: number;
  /** Whether a confusable character in a mixed field was swapped (not just forced digit fixes). */
  swapped?: boolean;
}

const MAX_CANDIDATES_PER_FIELD = 6;

export interface CorrectionOptions {
  /** Whether a confusable character in a mixed field may be swapped (default true). */
  allowSwaps?: boolean;
}

export function correctMrzOcrErrors(
  lines: readonly string[],
  layout: MrzLayout,
  options: CorrectionOptions = {},
): { lines: string[]; corrections: MrzCorrection[] } {
  const letterFixes = unverifiedChanges(lines, layout);
  const afterLetters = applyChanges(lines, letterFixes);
  const checkedFixes = checkDigitChanges(afterLetters, layout, options.allowSwaps ?? true);
  const corrected = applyChanges(afterLetters, checkedFixes);
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

function checkDigitChanges(lines: readonly string[], layout: MrzLayout, allowSwaps: boolean): Change[] {
  const fieldChecks = layout.checks.filter((c) => c.field !== 'composite');
  const composite = layout.checks.find((c) => c.field === 'composite');
  const perField = fieldChecks.map((check) => ({
    valid: isCheckSatisfied(lines, layout, check),
    candidates: isCheckSatisfied(lines, layout, check)
      ? []
      : candidatesFor(lines, layout, check).filter((c) => allowSwaps || !c.swapped),
  }));

  if (composite && !fieldChecksAndCompositeValid(lines, layout)) {
    const viaComposite = bestCompositeRepair(lines, layout, composite, perField, allowSwaps);
    if (viaComposite) return viaComposite;
  }
  // Without a composite to confirm it, a swap in a mixed field is too likely to validate by chance
  // (one in ten), so only the forced digit fixes stand on their field's check digit alone.
  return perField.flatMap((field) => uniqueCheapest(field.candidates.filter((c) => !c.swapped))?.changes ?? []);
}

function fieldChecksAndCompositeValid(lines: readonly string[], layout: MrzLayout): boolean {
  return layout.checks.every((c) => isCheckSatisfied(lines, layout, c));
}

interface FieldRepairs {
  valid: boolean;
  candidates: Candidate[];
}

function bestCompositeRepair(
  lines: readonly string[],
  layout: MrzLayout,
  composite: MrzCheck,
  perField: FieldRepairs[],
  allowSwaps: boolean,
): Change[] | undefined {
  const coveredByFields = new Set(
    layout.checks.filter((c) => c.field !== 'composite').flatMap((c) => [...c.data, c.digit].flatMap(positionKeys)),
  );
  const compositeOnly = [...composite.data, composite.digit].flatMap(expand).filter((p) => !coveredByFields.has(key(p)));
  const compositeVariants = variantsOver(lines, compositeOnly, composite.digit).filter((v) => allowSwaps || !v.swapped);
  // A field whose check cannot be satisfied stays as read ("unfixed") so the others may still be repaired.
  const options = perField.map((field): Array<Candidate & { unfixed: boolean }> =>
    field.valid
      ? [{ changes: [], cost: 0, unfixed: false }]
      : [...field.candidates.slice(0, MAX_CANDIDATES_PER_FIELD).map((c) => ({ ...c, unfixed: false })), { changes: [], cost: 0, unfixed: true }],
  );

  let best: { changes: Change[]; rank: number } | undefined;
  let tie = false;
  for (const combo of cartesianProduct(options)) {
    const unfixed = combo.filter((c) => c.unfixed).length;
    const swaps = combo.filter((c) => c.swapped).length;
    for (const variant of compositeVariants) {
      if (swaps + (variant.swapped ? 1 : 0) > 1) continue;
      const changes = [...combo.flatMap((c) => c.changes), ...variant.changes];
      const rank = unfixed * 1000 + combo.reduce((sum, c) => sum + c.cost, 0) + variant.cost;
      if (best && rank > best.rank) continue;
      const candidateLines = applyChanges(lines, changes);
      if (!isCheckSatisfied(candidateLines, layout, composite)) continue;
      if (best && rank === best.rank) tie = true;
      else {
        best = { changes, rank };
        tie = false;
      }
    }
  }
  return best && !tie ? best.changes : undefined;
}

/** Repairs of one field (its data and check digit) that make its check digit validate, cheapest first. */
function candidatesFor(lines: readonly string[], layout: MrzLayout, check: MrzCheck): Candidate[] {
  const numeric = check.field === 'birth_date' || check.field === 'expiry_date';
  const positions = [...check.data.flatMap((s) => positionsIn(s, numeric)), ...expand(check.digit)];
  const variants = variantsOver(lines, positions, check.digit, check.fillerAllowedWhenEmpty || check.field === 'document_number');
  return variants
    .filter((v) => isCheckSatisfied(applyChanges(lines, v.changes), layout, check))
    .sort((a, b) => a.cost - b.cost);
}

interface Position {
  line: number;
  index: number;
  numeric: boolean;
}

/**
 * Readings of `positions` to try: forced fixes of letters in digit-only positions (dates, check
 * digits), then at most one swap of a confusable character in a mixed field.
 */
function variantsOver(lines: readonly string[], positions: Position[], digit: MrzSpan, fillerAllowedInDigit = false): Candidate[] {
  const forced: Change[] = [];
  const digitKeys = new Set(positionKeys(digit));
  for (const p of positions) {
    const char = lines[p.line]![p.index]!;
    const isDigitPosition = p.numeric || digitKeys.has(key(p));
    if (!isDigitPosition || /[0-9]/.test(char)) continue;
    if (char === '<' && fillerAllowedInDigit && digitKeys.has(key(p))) continue;
    const digitChar = DIGIT_FOR_LETTER[char];
    if (!digitChar) return [];
    forced.push({ line: p.line, index: p.index, to: digitChar });
  }
  const base: Candidate = { changes: forced, cost: forced.length };
  const variants: Candidate[] = [base];
  const mixed = positions.filter((p) => !p.numeric && !digitKeys.has(key(p)));
  for (const p of mixed) {
    for (const alt of alphanumericAlternatives(lines[p.line]![p.index]!)) {
      variants.push({ changes: [...forced, { line: p.line, index: p.index, to: alt }], cost: base.cost + 1, swapped: true });
    }
  }
  return variants;
}

function uniqueCheapest(candidates: Candidate[]): Candidate | undefined {
  const [first, second] = candidates;
  if (!first) return undefined;
  return second && second.cost === first.cost ? undefined : first;
}

// --- helpers --------------------------------------------------------------------------------

function expand(span: MrzSpan): Position[] {
  return positionsIn(span, false);
}

function positionsIn(span: MrzSpan, numeric: boolean): Position[] {
  const out: Position[] = [];
  for (let i = span.start; i < span.end; i++) out.push({ line: span.line, index: i, numeric });
  return out;
}

function positionKeys(span: MrzSpan): string[] {
  return expand(span).map(key);
}

function key(p: { line: number; index: number }): string {
  return `${p.line}:${p.index}`;
}

function applyChanges(lines: readonly string[], changes: readonly Change[]): string[] {
  if (changes.length === 0) return [...lines];
  const chars = lines.map((l) => [...l]);
  for (const c of changes) chars[c.line]![c.index] = c.to;
  return chars.map((c) => c.join(''));
}
