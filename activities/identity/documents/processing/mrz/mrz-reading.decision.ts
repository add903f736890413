// Decides what several OCR passes over one image have read. Check digits alone are weak evidence:
// a misread document number still validates one time in ten, and no check digit covers the name.
// OCR errors at different scales are largely independent, so:
// - a valid zone read identically by two passes is accepted at once;
// - after all passes, a per-character vote over three or more readings is accepted when every
//   character had a clear majority and the voted zone is valid;
// - a valid zone from the only pass that found a zone at all is accepted;
// - otherwise a valid reading that other passes contradict is reported as a disagreement.
// "Valid" for acceptance means every check digit holds and every field is well formed
// (mrz-zone.consistency.ts).
// Pure.

import { consensusOf } from './mrz-reading.consensus.js';
import { rankOf, type ParsedZone } from './mrz-in-text.finder.js';
import { isAcceptableZone } from './mrz-zone.consistency.js';

export type ReadingDecision =
  | { kind: 'accepted'; zone: ParsedZone }
  | { kind: 'disagreement'; zone: ParsedZone }
  | { kind: 'invalid'; zone: ParsedZone }
  | { kind: 'not_found' };

/** Whether `zone`, just read, confirms an earlier reading. */
export function confirmsEarlierReading(readings: readonly ParsedZone[], zone: ParsedZone): boolean {
  return isAcceptableZone(zone) && readings.some((r) => r.valid && sameZone(r, zone));
}

export function decideReading(readings: readonly ParsedZone[], now: Date): ReadingDecision {
  if (readings.length === 0) return { kind: 'not_found' };
  if (readings.length >= 3) {
    const consensus = consensusOf(readings, now);
    if (consensus?.decisive && isAcceptableZone(consensus.zone)) return { kind: 'accepted', zone: consensus.zone };
  }
  if (readings.length === 1 && isAcceptableZone(readings[0]!)) return { kind: 'accepted', zone: readings[0]! };
  // A zone whose check digits hold but whose fields are malformed was misread somewhere no check
  // digit covers: it is reported for review like readings that contradict each other.
  const valid = readings.filter((r) => r.valid);
  if (valid.length > 0) return { kind: 'disagreement', zone: valid[0]! };
  return { kind: 'invalid', zone: [...readings].sort((a, b) => rankOf(a) - rankOf(b))[0]! };
}

/** Whether two reads are the same zone, character for character. */
export function sameZone(a: Pick<ParsedZone, 'lines'>, b: Pick<ParsedZone, 'lines'>): boolean {
  return a.lines.join('\n') === b.lines.join('\n');
}
