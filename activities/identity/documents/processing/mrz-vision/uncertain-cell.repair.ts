// Repairs a zone whose check digit fails when the classifier was unsure of a character the check
// covers: each such character (its best match barely ahead of the runner-up) is replaced by its
// runner-up alone, and the replacement is kept only if it alone makes that check and every other
// check hold. Two characters OCR-B draws alike (O and 0 in a document number) are the usual case.
// A wrong read that is not among the unsure characters is never "repaired" into validity, and
// when several replacements would each work, none is made. A repair spends its check digit: the
// field's other unsure characters are no longer vouched for by it (spentCheckCells). Pure.

import { documentNumberParts, failingChecks } from '../mrz/mrz-checks.js';
import type { MrzCheck, MrzCheckedField, MrzLayout, MrzSpan } from '../mrz/mrz-layout.js';
import type { CellReading } from './ocr-b-glyph.classifier.js';

/** A character whose best match leads the runner-up by less than this is unsure. */
export const UNSURE_MARGIN = 0.06;

export interface CellRepair {
  line: number;
  index: number;
  from: string;
  to: string;
  /** The check digit whose failure the repair answered. */
  field: MrzCheckedField;
}

interface CellPosition {
  line: number;
  index: number;
}

/** The unsure cells (with a runner-up other than the read character) in `spans`, in order. */
function unsureCellsIn(spans: readonly MrzSpan[], cells: readonly CellReading[][]): (CellPosition & { cell: CellReading })[] {
  const out: (CellPosition & { cell: CellReading })[] = [];
  for (const span of spans) {
    for (let index = span.start; index < span.end; index++) {
      const cell = cells[span.line]?.[index];
      if (cell && cell.margin < UNSURE_MARGIN && cell.runnerUp !== cell.char) out.push({ line: span.line, index, cell });
    }
  }
  return out;
}

export function repairUnsureCells(lines: readonly string[], cells: readonly CellReading[][], layout: MrzLayout): { lines: string[]; repairs: CellRepair[] } {
  let current = [...lines];
  const repairs: CellRepair[] = [];
  for (const check of failingChecks(current, layout)) {
    if (!failingChecks(current, layout).some((c) => c.field === check.field)) continue; // fixed by an earlier repair
    const candidates: CellRepair[] = unsureCellsIn([...check.data, check.digit], cells).map(({ line, index, cell }) => ({
      line, index, from: current[line]![index]!, to: cell.runnerUp, field: check.field,
    }));
    const working = candidates.filter((c) => failingChecks(withChar(current, c), layout).length === 0);
    if (working.length !== 1) continue;
    current = withChar(current, working[0]!);
    repairs.push(working[0]!);
  }
  return { lines: current, repairs };
}

/**
 * The unsure characters (other than the repaired ones) of every field whose check digit a repair
 * spent, in the repaired `lines`. That check digit held once the repair was made, so it cannot
 * also vouch for the field's other unsure characters: when the repaired character's truth was not
 * its runner-up and another character of the field is misread as well, the two errors can cancel
 * (a blurred personal number whose 0 was read O, "repaired" to D, and whose 2 was read Z passed
 * every check digit). Such characters are doubtful: the read needs another reader to confirm it.
 * A long TD1/TD2 document number's field runs on into the optional data, with its check digit.
 */
export function spentCheckCells(lines: readonly string[], cells: readonly CellReading[][], layout: MrzLayout, repairs: readonly CellRepair[]): CellPosition[] {
  const spans = layout.checks.filter((c) => repairs.some((r) => r.field === c.field)).flatMap((c) => [...c.data, c.digit, ...spilledSpans(lines, layout, c)]);
  const out: CellPosition[] = [];
  for (const { line, index } of unsureCellsIn(spans, cells)) {
    const seen = (p: CellPosition) => p.line === line && p.index === index;
    if (!repairs.some(seen) && !out.some(seen)) out.push({ line, index });
  }
  return out;
}

/** Where a long document number continues in the optional data (mrz-checks.ts documentNumberParts). */
function spilledSpans(lines: readonly string[], layout: MrzLayout, check: MrzCheck): MrzSpan[] {
  if (check.field !== 'document_number') return [];
  const used = documentNumberParts(lines, layout).optionalCharsUsed;
  const optional = layout.optionalData[0];
  return used > 0 && optional ? [{ line: optional.line, start: optional.start, end: optional.start + used }] : [];
}

function withChar(lines: readonly string[], change: CellRepair): string[] {
  return lines.map((l, i) => (i === change.line ? l.slice(0, change.index) + change.to + l.slice(change.index + 1) : l));
}
