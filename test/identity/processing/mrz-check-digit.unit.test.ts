import { describe, expect, it } from 'vitest';
import { computeCheckDigit, isCheckDigitValid } from '../../../activities/identity/documents/processing/mrz/mrz-check-digit.js';

describe('ICAO 9303 check digit', () => {
  it('weights 7-3-1 over digit, letter (A=10…Z=35) and filler (0) values', () => {
    // ICAO 9303 part 3 worked examples.
    expect(computeCheckDigit('520727')).toBe(3);
    expect(computeCheckDigit('AB2134<<<')).toBe(5);
    expect(computeCheckDigit('L898902C3')).toBe(6);
    expect(computeCheckDigit('740812')).toBe(2);
  });

  it('is undefined for characters outside the MRZ alphabet', () => {
    expect(computeCheckDigit('AB-12')).toBeUndefined();
    expect(computeCheckDigit('ab12')).toBeUndefined();
  });

  it('accepts a filler check character only for an all-filler field when allowed', () => {
    expect(isCheckDigitValid('<<<<<<<<<<<<<<', '<', true)).toBe(true);
    expect(isCheckDigitValid('<<<<<<<<<<<<<<', '0', true)).toBe(true);
    expect(isCheckDigitValid('<<<<<<<<<<<<<<', '<', false)).toBe(false);
    expect(isCheckDigitValid('ZE184226B<<<<<', '<', true)).toBe(false);
    expect(isCheckDigitValid('ZE184226B<<<<<', '1')).toBe(true);
    expect(isCheckDigitValid('ZE184226B<<<<<', '2')).toBe(false);
  });
});
