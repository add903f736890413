import { describe, expect, it } from 'vitest';
import { BIRTH_YEAR_TOLERANCE, birthDateEvidence, countryEvidence, normaliseRegistrationNumber, parseQueryDate, registrationEvidence } from '../../../activities/screening/matching/evidence-scoring.js';

const q = (s: string) => parseQueryDate(s);

describe('birth date evidence', () => {
  const day = { year: 1965, month: 3, day: 12, granularity: 'day' as const };
  const year = { year: 1970, granularity: 'year' as const };
  it('raises for exact, month and year agreement', () => {
    expect(birthDateEvidence(q('1965-03-12'), [day])).toEqual({ adjustment: 0.08, matchType: 'birthdate_exact' });
    expect(birthDateEvidence(q('1965-03-20'), [day]).matchType).toBe('birthdate_month');
    expect(birthDateEvidence(q('1970-06-01'), [year])).toEqual({ adjustment: 0.03, matchType: 'birthdate_year' });
  });
  it('treats swapped day and month as the same month', () => {
    expect(birthDateEvidence(q('1965-12-03'), [day]).matchType).toBe('birthdate_month');
  });
  it('tolerates years one apart without changing the score', () => {
    expect(BIRTH_YEAR_TOLERANCE).toBe(1);
    expect(birthDateEvidence(q('1966-03-12'), [day])).toEqual({ adjustment: 0, matchType: 'birthdate_approximate' });
    expect(birthDateEvidence(q('1964-12-31'), [day])).toEqual({ adjustment: 0, matchType: 'birthdate_approximate' });
  });
  it('calls full dates more than a year apart a clear conflict, even one calendar year apart', () => {
    expect(birthDateEvidence(q('1967-03-12'), [day])).toEqual({ adjustment: 0, matchType: 'birthdate_conflict', conflict: true });
    expect(birthDateEvidence(q('1966-03-14'), [day]).conflict).toBe(true);
    expect(birthDateEvidence(q('1966-12-31'), [day]).conflict).toBe(true);
    // A swapped day and month is read both ways: 1966-12-03 as 1966-03-12 is within a year.
    expect(birthDateEvidence(q('1966-12-03'), [day]).matchType).toBe('birthdate_approximate');
    expect(birthDateEvidence(q('1980-01-01'), [day])).toEqual({ adjustment: 0, matchType: 'birthdate_conflict', conflict: true });
  });
  it('compares month-precise dates by month', () => {
    const month = { year: 1980, month: 5, granularity: 'month' as const };
    expect(birthDateEvidence(q('1981-05-30'), [month]).matchType).toBe('birthdate_approximate');
    expect(birthDateEvidence(q('1981-06-01'), [month]).conflict).toBe(true);
  });
  it('compares a year-only listed date by year alone', () => {
    expect(birthDateEvidence(q('1970-12-31'), [year])).toEqual({ adjustment: 0.03, matchType: 'birthdate_year' });
    expect(birthDateEvidence(q('1971-01-01'), [year]).matchType).toBe('birthdate_approximate');
    expect(birthDateEvidence(q('1972-01-01'), [year]).conflict).toBe(true);
    expect(birthDateEvidence(q('1968-12-31'), [year]).conflict).toBe(true);
  });
  it('is no conflict when the query agrees with any one of several listed dates', () => {
    const range = [1960, 1961, 1962].map((y) => ({ year: y, granularity: 'year' as const }));
    expect(birthDateEvidence(q('1962-05-05'), [{ year: 1990, granularity: 'year' }, ...range])).toEqual({ adjustment: 0.03, matchType: 'birthdate_year' });
    expect(birthDateEvidence(q('1963-05-05'), [...range, { year: 1990, granularity: 'year' }]).matchType).toBe('birthdate_approximate');
    expect(birthDateEvidence(q('1975-05-05'), [...range, { year: 1990, granularity: 'year' }]).conflict).toBe(true);
  });
  it('uses the best of several dates and ignores missing ones', () => {
    expect(birthDateEvidence(q('1970-01-01'), [day, year]).matchType).toBe('birthdate_year');
    expect(birthDateEvidence(undefined, [day])).toEqual({ adjustment: 0 });
    expect(birthDateEvidence(q('1970'), [])).toEqual({ adjustment: 0 });
    expect(parseQueryDate('12/03/1965')).toBeUndefined();
  });
});

describe('country evidence', () => {
  it('raises on a shared country and lowers a little on none', () => {
    expect(countryEvidence('ru', ['RU', 'UA'])).toEqual({ adjustment: 0.03, matchType: 'country' });
    expect(countryEvidence('FR', ['RU'])).toEqual({ adjustment: -0.03, matchType: 'country_conflict' });
    expect(countryEvidence('FR', [])).toEqual({ adjustment: 0 });
  });
});

describe('registration number evidence', () => {
  it('normalises punctuation, case and leading zeros', () => {
    expect(normaliseRegistrationNumber('hrb-012345')).toBe('HRB012345');
    expect(normaliseRegistrationNumber('0012 345')).toBe('12345');
  });
  it('matches only registration-type identifiers of 5+ characters', () => {
    expect(registrationEvidence('1027700132195', [{ type: 'registration_number', value: '1027700132195' }]).matchType).toBe('registration_number');
    expect(registrationEvidence('1027700132195', [{ type: 'passport', value: '1027700132195' }]).matchType).toBeUndefined();
    expect(registrationEvidence('123', [{ type: 'registration_number', value: '123' }]).matchType).toBeUndefined();
  });
});
