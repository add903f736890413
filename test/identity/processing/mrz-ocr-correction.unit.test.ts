import { describe, expect, it } from 'vitest';
import { parseMrz } from '../../../activities/identity/documents/processing/mrz/mrz.parser.js';
import { withCharAt } from './fixtures/mrz.composer.js';

const now = new Date('2026-03-20T12:00:00Z');
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
const MRVB = ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4XXX4009078F9612109<<<<<<<<'];

function corrected(lines: string[]) {
  const result = parseMrz(lines, { now, correctOcrErrors: true });
  if (!result.ok) throw new Error(result.detail);
  return result;
}

describe('MRZ OCR correction', () => {
  it('reads letters in date and check-digit positions as the digits they resemble when the checks then hold', () => {
    let misread = withCharAt(TD3, 1, 15, 'O'); // 740812 → 74O812
    misread = withCharAt(misread, 1, 19, 'Z'); // birth check 2 → Z
    misread = withCharAt(misread, 1, 25, 'I'); // 120415 → 1204I5
    const result = corrected(misread);
    expect(result.check_failures).toEqual([]);
    expect(result.lines).toEqual(TD3);
    expect(result.fields.birth_date).toBe('1974-08-12');
    expect(result.corrections.filter((c) => c.verified).map((c) => [c.index, c.from, c.to])).toEqual([
      [15, 'O', '0'],
      [19, 'Z', '2'],
      [25, 'I', '1'],
    ]);
  });

  it('reads a letter O in the document number as zero when that alone makes its check digit hold', () => {
    const td3 = corrected(withCharAt(TD3, 1, 5, 'O')); // L898902C3 read as L8989O2C3
    expect(td3.fields.document_number).toBe('L898902C3');
    expect(td3.check_failures).toEqual([]);
    expect(td3.corrections).toEqual([{ line: 1, index: 5, from: 'O', to: '0', verified: true }]);
    // A real O stays when turning it into a zero does not help.
    const withO = corrected(withCharAt(withCharAt(TD3, 1, 5, 'O'), 1, 9, '3'));
    expect(withO.fields.document_number).toBe('L8989O2C3');
  });

  it('does not guess other look-alikes in mixed letter/digit fields, which one check digit cannot confirm', () => {
    // The composite starts with the document number, weighting it exactly as its own check does.
    const td1 = corrected(withCharAt(TD1, 0, 10, 'S')); // D23145890 read as D2314S890
    expect(td1.fields.document_number).toBe('D2314S890');
    expect(td1.valid).toBe(false);
    const personal = corrected(withCharAt(TD3, 1, 31, 'B')); // ZE184226B read as ZE1B4226B
    expect(personal.fields.personal_number).toBe('ZE1B4226B');
    expect(personal.check_failures.map((f) => f.field)).toEqual(['personal_number', 'composite']);
  });

  it('reads a letter in the composite check digit position as a digit when the composite then holds', () => {
    const result = corrected(withCharAt(TD1, 1, 29, 'G')); // composite 6 read as G
    expect(result.valid).toBe(true);
    expect(result.corrections).toEqual([{ line: 1, index: 29, from: 'G', to: '6', verified: true }]);
    const wrong = corrected(withCharAt(TD1, 1, 29, 'B')); // B → 8, which is not the composite
    expect(wrong.check_failures.map((f) => f.field)).toEqual(['composite']);
  });

  it('does not turn a wrong check digit into a valid zone', () => {
    for (const digit of '012345789') {
      const result = corrected(withCharAt(TD3, 1, 9, digit));
      expect(result.check_failures.map((f) => f.field)).toEqual(['document_number', 'composite']);
      expect(result.fields.document_number).toBe('L898902C3');
    }
  });

  it('makes no look-alike swaps in visas either', () => {
    const result = corrected(withCharAt(MRVB, 1, 1, 'B'));
    expect(result.check_failures).toEqual([{ field: 'document_number', reason: 'check_digit' }]);
    expect(result.fields.document_number).toBe('LB988901C');
  });

  it('reads digits in country codes and names as letters, reported as unverified', () => {
    const result = corrected(withCharAt(withCharAt(TD3, 0, 4, '0'), 1, 12, '0'));
    expect(result.fields.issuing_country).toBe('UTO');
    expect(result.fields.nationality).toBe('UTO');
    expect(result.corrections.every((c) => !c.verified)).toBe(true);
  });

  it('reads fillers misread as K back as fillers, keeping K that touch letters', () => {
    const line1 = 'P<UTOERIKSSONKKANNA<MARIAKKKKKKKKKKKKKKKKKKK';
    const line2 = 'L898902C36UTO7408122F1204159ZE184226BKKKKK10';
    const result = corrected([line1, line2]);
    expect(result.fields.name).toEqual({ first: 'ANNA', middle: 'MARIA', last: 'ERIKSSON' });
    expect(result.fields.personal_number).toBe('ZE184226B');
    expect(result.valid).toBe(true);
    const mark = corrected(['P<UTOSMITH<<MARK<<<<<<<<<<<<<<<<<<<<<<<<<<<<', TD3[1]!]);
    expect(mark.fields.name).toEqual({ first: 'MARK', last: 'SMITH' });
  });

  it('leaves a clean zone untouched', () => {
    const result = corrected(TD3);
    expect(result.corrections).toEqual([]);
    expect(result.lines).toEqual(TD3);
  });
});
