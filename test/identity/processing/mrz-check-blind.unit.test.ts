import { describe, expect, it } from 'vitest';
import { CHECK_BLIND_DIGIT_FOR_LETTER, isCheckBlindPair } from '../../../activities/identity/documents/processing/mrz/mrz-check-blind.js';
import { computeCheckDigit } from '../../../activities/identity/documents/processing/mrz/mrz-check-digit.js';
import { DIGIT_FOR_LETTER } from '../../../activities/identity/documents/processing/mrz/mrz-ocr-confusions.js';
import { parseMrz } from '../../../activities/identity/documents/processing/mrz/mrz.parser.js';

// ICAO 9303 part 4 specimen passport zone.
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const NOW = new Date('2010-01-01T00:00:00Z');

describe('look-alikes no check digit tells apart', () => {
  it('are the confusions whose values differ by a multiple of 10: G/6, L/1, U/0', () => {
    expect(CHECK_BLIND_DIGIT_FOR_LETTER).toEqual({ G: '6', L: '1', U: '0' });
    expect(isCheckBlindPair('G', '6') && isCheckBlindPair('6', 'G') && isCheckBlindPair('1', 'L')).toBe(true);
    expect(isCheckBlindPair('O', '0') || isCheckBlindPair('B', '8') || isCheckBlindPair('G', 'C')).toBe(false);
  });

  it('leave every check digit unchanged at every position, while the other confusions change it somewhere', () => {
    const data = 'L898902C3UTO74081221204159ZE184226B<<<<<';
    for (const [letter, digit] of Object.entries(DIGIT_FOR_LETTER)) {
      let changed = false;
      for (let i = 0; i < data.length; i++) {
        if (computeCheckDigit(data.slice(0, i) + letter + data.slice(i + 1)) !== computeCheckDigit(data.slice(0, i) + digit + data.slice(i + 1))) changed = true;
      }
      expect({ letter, blind: !changed }).toEqual({ letter, blind: letter in CHECK_BLIND_DIGIT_FOR_LETTER });
    }
  });

  it('so the specimen read with U for its 0 and 1 for its L in the document number still passes every check', () => {
    const misread = [TD3[0]!, `18989U2C36${TD3[1]!.slice(10)}`];
    const parsed = parseMrz(misread, { now: NOW });
    expect(parsed.ok && parsed.valid).toBe(true);
    const original = parseMrz(TD3, { now: NOW });
    expect(original.ok && original.valid).toBe(true);
  });
});
