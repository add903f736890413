// What a set of reads of one image amounts to: the accepted zone's fields, or why there is none
// (no zone, failed check digits, reads that contradict each other, an expired document). Pure.

import { isoDateOf } from './mrz-dates.js';
import type { MrzCheckFailure, MrzFields } from './mrz-fields.js';
import type { MrzCorrection } from './mrz-ocr-correction.js';
import type { ReadingDecision } from './mrz-reading.decision.js';
import { isAcceptableZone } from './mrz-zone.consistency.js';

export type MrzOcrResult =
  | { ok: true; mrz: string[]; fields: MrzFields; corrections: MrzCorrection[]; passes: number }
  | { ok: false; code: 'mrz_not_found'; detail: string; passes: number }
  | { ok: false; code: 'check_digit_failed'; detail: string; check_failures: MrzCheckFailure[]; mrz: string[]; fields: MrzFields; passes: number }
  | { ok: false; code: 'document_expired'; detail: string; mrz: string[]; fields: MrzFields; passes: number };

export function readingOutcome(decision: ReadingDecision, passes: number, now: Date): MrzOcrResult {
  if (decision.kind === 'not_found') return { ok: false, code: 'mrz_not_found', detail: 'no machine-readable zone could be read in the image', passes };
  const zone = decision.zone;
  // Never report a malformed zone as read, whatever decided it.
  if (decision.kind === 'disagreement' || (zone.valid && !isAcceptableZone(zone))) {
    return {
      ok: false,
      code: 'check_digit_failed',
      detail: 'the machine-readable zone could not be read consistently: its check digits do not confirm a single reading',
      check_failures: [],
      mrz: zone.lines,
      fields: zone.fields,
      passes,
    };
  }
  if (!zone.valid) {
    const fields = zone.check_failures.map((f) => (f.reason === 'invalid_date' ? `${f.field} (not a valid date)` : f.field));
    return {
      ok: false,
      code: 'check_digit_failed',
      detail: `check digit verification failed for: ${fields.join(', ')}`,
      check_failures: zone.check_failures,
      mrz: zone.lines,
      fields: zone.fields,
      passes,
    };
  }
  if (zone.fields.expiry_date! < isoDateOf(now)) {
    return { ok: false, code: 'document_expired', detail: `the document expired on ${zone.fields.expiry_date}`, mrz: zone.lines, fields: zone.fields, passes };
  }
  return { ok: true, mrz: zone.lines, fields: zone.fields, corrections: zone.corrections, passes };
}
