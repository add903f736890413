import { describe, expect, it } from 'vitest';
import { UK_COMPANY_NUMBER_PREFIXES, normaliseUkCompanyNumber } from '../../../activities/businesses/validation/uk-company-number.js';

describe('normaliseUkCompanyNumber', () => {
  it.each([
    ['09876543', '09876543'],
    ['00445790', '00445790'],
    ['445790', '00445790'],
    ['1', '00000001'],
    ['SC123456', 'SC123456'],
    ['sc123456', 'SC123456'],
    ['SC 1234', 'SC001234'],
    ['OC301234', 'OC301234'],
    ['R0000123', 'R0000123'],
    [' NI 012345 ', 'NI012345'],
  ])('accepts %j as %s', (raw, expected) => {
    expect(normaliseUkCompanyNumber(raw)).toEqual({ ok: true, value: expected });
  });

  it('accepts every documented register prefix', () => {
    for (const prefix of UK_COMPANY_NUMBER_PREFIXES) expect(normaliseUkCompanyNumber(`${prefix}123456`)).toEqual({ ok: true, value: `${prefix}123456` });
  });

  it.each(['123456789', 'XX123456', 'SC1234567', 'S1234567', 'SC', '', 'GB123456', '1234-567', 'OCABCDEF'])('rejects %j', (raw) => {
    expect(normaliseUkCompanyNumber(raw).ok).toBe(false);
  });
});
