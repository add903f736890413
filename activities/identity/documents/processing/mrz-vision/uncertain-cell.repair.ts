// Repairs a zone whose check digit fails when the classifier was unsure of a character the check
// covers: each such character (its best match barely ahead of the runner-up) is replaced by its
// runner-up alone, and the replacement is kept only if it alone makes that check and every other
// check hold. Two characters OCR-B draws alike (O and 0 in a document number) are the usual case.
// A wrong read that is not among the unsure characters is never "repaired" into validity, and
// when several replacements would each work, none is made. A repair spends its check digit: the
// field's other unsure characters are no longer vouched for by it (spentCheckCells). Pure.

import { failingChecks } from '../mrz/mrz-checks.js';
import type { MrzCheck, MrzLayout } from '../mrz/mrz-layout.js';
import type { CellReading } from './ocr-b-glyph.classifier.js';

/** A character whose best match leads the runner-up by less than this is unsure. */
export const UNSURE_MARGIN = 0.06;

export interface CellRepair {
  line: number;
  index: number;
  from: string;
  to: string;
  /** The check digit whose failure the repair answered. */
  field: MrzCheck['field'];
}

export function repairUnsureCells(lines: readonly string[], cells: readonly CellReading[][], layout: MrzLayout): { lines: string[]; repairs: CellRepair[] } {
  let current = [...lines];
  const repairs: CellRepair[] = [];
  for (const check of failingChecks(current, layout)) {
    if (!failingChecks(current, layout).some((c) => c.field === check.field)) continue; // fixed by an earlier repair
    const candidates: CellRepair[] = [];
    for (const span of [...check.data, check.digit]) {
      for (let index = span.start; index < span.end; index++) {
        const cell = cells[span.line]?.[index];
        if (!cell || cell.margin >= UNSURE_MARGIN || cell.runnerUp === cell.char) continue;
        candidates.push({ line: span.line, index, from: current[span.line]![index]!, to: cell.runnerUp, field: check.field });
      }
    }
    const working = candidates.filter((c) => failingChecks(withChar(current, c), layout).length === 0);
    if (working.length !== 1) continue;
    current = withChar(current, working[0]!);
    repairs.push(working[0]!);
  }
  return { lines: current, repairs };
}

/**
 * The unsure characters (other than the repaired ones) of every field whose check digit a repair
 * spent. That check digit held once the repair was made, so it cannot also vouch for the field's
 * other unsure characters: when the repaired character's truth was not its runner-up and another
 * character of the field is misread as well, the two errors can cancel (a blurred personal number
 * whose 0 was read O, "repaired" to D, and whose 2 was read Z passed every check digit). Such
 * characters are doubtful: the read needs another reader to confirm it.
 */
export function spentCheckCells(cells: readonly CellReading[][], layout: MrzLayout, repairs: readonly CellRepair[]): { line: number; index: number }[] {
  const out: { line: number; index: number }[] = [];
  const repaired = (line: number, index: number) => repairs.some((r) => r.line === line && r.index === index);
  const listed = (line: number, index: number) => out.some((c) => c.line === line && c.index === index);
  for (const check of layout.checks.filter((c) => repairs.some((r) => r.field === c.field))) {
    for (const span of [...check.data, check.digit]) {
      for (let index = span.start; index < span.end; index++) {
        const cell = cells[span.line]?.[index];
        if (!cell || cell.margin >= UNSURE_MARGIN || cell.runnerUp === cell.char) continue;
        if (!repaired(span.line, index) && !listed(span.line, index)) out.push({ line: span.line, index });
      }
    }
  }
  return out;
}

function withChar(lines: readonly string[], change: CellRepair): string[] {
  return lines.map((l, i) => (i === change.line ? l.slice(0, change.index) + change.to + l.slice(change.index + 1) : l));
}
