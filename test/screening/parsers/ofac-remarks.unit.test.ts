import { describe, expect, it } from 'vitest';
import { parseOfacDobText, parseOfacRemarks } from '../../../activities/screening/lists/parsers/ofac-remarks.js';

describe('OFAC remarks', () => {
  it('reads DOB forms: day, month, year, circa, year and day ranges', () => {
    expect(parseOfacDobText('01 Jan 1960')).toEqual([{ year: 1960, month: 1, day: 1, granularity: 'day' }]);
    expect(parseOfacDobText('Mar 1955')).toEqual([{ year: 1955, month: 3, granularity: 'month' }]);
    expect(parseOfacDobText('1958.')).toEqual([{ year: 1958, granularity: 'year' }]);
    expect(parseOfacDobText('circa 1970')).toEqual([{ year: 1970, granularity: 'year' }]);
    expect(parseOfacDobText('1960 to 1962').map((d) => d.year)).toEqual([1960, 1961, 1962]);
    expect(parseOfacDobText('01 Jan 1975 to 31 Dec 1976').map((d) => d.year)).toEqual([1975, 1976]);
    expect(parseOfacDobText('31 Feb 1960')).toEqual([{ year: 1960, month: 2, granularity: 'month' }]);
    expect(parseOfacDobText('unknown')).toEqual([]);
  });

  it('reads nationality, citizenship, identifiers with countries, and quoted weak aliases', () => {
    const facts = parseOfacRemarks(
      "DOB 1962; nationality Korea, North; alt. citizen Russia; Passport 12 34 (Korea, North) expires 01 Jan 2020; " +
        "National ID No. 555 (Unknownland); SWIFT/BIC ABCDKPPY; a.k.a. 'AL-QA'IDA'; f.k.a. 'OLD; NAME'; Gender Male.",
    );
    expect(facts.birthDates).toEqual([{ year: 1962, granularity: 'year' }]);
    expect(facts.countries).toEqual(['KP', 'RU']);
    expect(facts.identifiers).toEqual([
      { type: 'passport', value: '12 34', country: 'KP' },
      { type: 'national_id', value: '555' },
      { type: 'swift', value: 'ABCDKPPY' },
    ]);
    expect(facts.weakAliases).toEqual([
      { full: "AL-QA'IDA", alias_type: 'aka', strength: 'weak' },
      { full: 'OLD; NAME', alias_type: 'fka', strength: 'weak' },
    ]);
  });

  it('ignores an identifier label with no number, only issue details', () => {
    expect(parseOfacRemarks('Passport issued in Sarajevo, Bosnia-Herzegovina.').identifiers).toEqual([]);
  });

  it('returns empty facts for no remarks', () => {
    expect(parseOfacRemarks(undefined)).toEqual({ birthDates: [], countries: [], identifiers: [], weakAliases: [] });
  });
});
