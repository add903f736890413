// Repairs a zone whose check digit fails when the classifier was unsure of a character the check
// covers: each such character (its best match barely ahead of the runner-up) is replaced by its
// runner-up alone, and the replacement is kept only if it alone makes that check and every other
// check hold. Two characters OCR-B draws alike (O and 0 in a document number) are the usual case.
// A wrong read that is not among the unsure characters is never "repaired" into validity, and
// when several replacements would each work, none is made. Pure.

import { failingChecks } from '../mrz/mrz-checks.js';
import type { MrzLayout } from '../mrz/mrz-layout.js';
import type { CellReading } from './ocr-b-glyph.classifier.js';

/** A character whose best match leads the runner-up by less than this is unsure. */
export const UNSURE_MARGIN = 0.06;

export interface CellRepair {
  line: number;
  index: number;
  from: string;
  to: string;
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
        candidates.push({ line: span.line, index, from: current[span.line]![index]!, to: cell.runnerUp });
      }
    }
    const working = candidates.filter((c) => failingChecks(withChar(current, c), layout).length === 0);
    if (working.length !== 1) continue;
    current = withChar(current, working[0]!);
    repairs.push(working[0]!);
  }
  return { lines: current, repairs };
}

function withChar(lines: readonly string[], change: CellRepair): string[] {
  return lines.map((l, i) => (i === change.line ? l.slice(0, change.index) + change.to + l.slice(change.index + 1) : l));
}
