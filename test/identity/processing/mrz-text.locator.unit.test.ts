import { describe, expect, it } from 'vitest';
import { findMrzInText } from '../../../activities/identity/documents/processing/mrz/mrz-in-text.finder.js';
import { cleanMrzLine, locateMrzCandidates } from '../../../activities/identity/documents/processing/mrz/mrz-text.locator.js';

const now = new Date('2026-03-20T12:00:00Z');
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

describe('locating the zone in OCR output', () => {
  it('cleans OCR lines to the MRZ alphabet', () => {
    expect(cleanMrzLine(' p<uto erik«anna ')).toBe('P<UTOERIK<<ANNA');
    expect(cleanMrzLine('L898902C3 6UTO-74')).toBe('L898902C36UTO74');
  });

  it('finds the zone below other text on the page', () => {
    const ocr = ['UTOPIAPASSPORT', 'SERIKSSON', '', ...TD3, ''].join('\n');
    const zone = findMrzInText(ocr, now);
    expect(zone?.lines).toEqual(TD3);
    expect(zone?.valid).toBe(true);
  });

  it('restores filler runs OCR shortened, including a long trailing run in the name line', () => {
    const ocr = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<10'].join('\n');
    expect(findMrzInText(ocr, now)?.lines).toEqual(TD3);
  });

  it('tries each filler run when a line is a character off, longest first', () => {
    const candidates = locateMrzCandidates(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<10'].join('\n'));
    expect(candidates.map((c) => c.lines[1])).toEqual([TD3[1]]);
    expect(candidates[0]?.adjustments).toBe(1);
  });

  it('finds no zone in text without one, or in garbage of the right length', () => {
    expect(findMrzInText('INVOICE\nTOTAL 42\n', now)).toBeUndefined();
    expect(findMrzInText(['X'.repeat(44), 'Y'.repeat(44)].join('\n'), now)).toBeUndefined();
    expect(findMrzInText(['P<UTO' + 'A'.repeat(39), '1'.repeat(44)].join('\n'), now)).toBeUndefined();
  });

  it('does not accept a refitted line whose only valid reading needs a look-alike swap', () => {
    // Document number check digit dropped: refitting inserts a filler somewhere, which could be
    // "validated" by swapping a look-alike; that reading must not be accepted as valid.
    const ocr = ['I<UTOD23145890<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'].join('\n');
    expect(findMrzInText(ocr, now)?.valid ?? false).toBe(false);
  });
});
