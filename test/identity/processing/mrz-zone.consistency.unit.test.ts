import { describe, expect, it } from 'vitest';
import { parseMrz } from '../../../activities/identity/documents/processing/mrz/mrz.parser.js';
import { decideReading } from '../../../activities/identity/documents/processing/mrz/mrz-reading.decision.js';
import { readingOutcome } from '../../../activities/identity/documents/processing/mrz/mrz-reading.outcome.js';
import { isAcceptableZone, zoneProblems } from '../../../activities/identity/documents/processing/mrz/mrz-zone.consistency.js';

const now = new Date('2026-03-20T12:00:00Z');

function zone(lines: string[]) {
  const parsed = parseMrz(lines, { now });
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed;
}

// ICAO 9303 specimens (part 4-7), and a German passport with its one-letter state code.
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
const TD2 = ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'];
const MRVA = ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L8988901C4XXX4009078F96121096ZE184226B<<<<<<'];
const GERMAN = ['P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<', 'C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4'];

describe('the well-formedness of a zone', () => {
  it('finds nothing wrong with specimens of every format', () => {
    for (const lines of [TD3, TD1, TD2, MRVA, GERMAN]) expect(zoneProblems(zone(lines)), lines[0]).toEqual([]);
  });

  it('refuses a name with letters after its filler run, or a second separator', () => {
    // Check digits still hold: no check digit covers the name.
    const stray = zone([TD3[0]!.slice(0, 40) + 'K<<<', TD3[1]!]);
    expect(stray.valid).toBe(true);
    expect(zoneProblems(stray)).toEqual(['name']);
    expect(isAcceptableZone(stray)).toBe(false);
    expect(zoneProblems(zone(['P<UTOERIKSSON<<ANNA<<MARIA<<<<<<<<<<<<<<<<<<', TD3[1]!]))).toEqual(['name']);
  });

  it('refuses a document code that does not fit the zone shape, and a malformed country or sex', () => {
    expect(zoneProblems(zone(['I' + TD3[0]!.slice(1), TD3[1]!]))).toContain('document_code');
    expect(zoneProblems(zone(['P<U<O' + TD3[0]!.slice(5), TD3[1]!]))).toContain('issuing_country');
    expect(zoneProblems(zone(['P' + TD1[0]!.slice(1), TD1[1]!, TD1[2]!]))).toContain('document_code');
  });

  it('keeps a malformed zone whose check digits hold from being accepted, by one reading or two', () => {
    const stray = zone([TD3[0]!.slice(0, 40) + 'K<<<', TD3[1]!]);
    expect(decideReading([stray], now).kind).toBe('disagreement');
    const outcome = readingOutcome({ kind: 'accepted', zone: stray }, 1, now);
    expect(outcome.ok).toBe(false);
    expect(decideReading([zone(TD3)], now).kind).toBe('accepted');
  });
});
