/**
 * Birth dates stay a filter and say what they filtered: a clear conflict (years further apart than
 * BIRTH_YEAR_TOLERANCE from every listed date) removes a name hit, and screen() returns the removed
 * strong name hits as near matches; dates within the tolerance never remove a hit.
 */
import { describe, expect, it } from 'vitest';
import type { PartialDate } from '../../../activities/screening/lists/list-entity.js';
import { BIRTH_YEAR_TOLERANCE, buildIndex, DEFAULT_THRESHOLD, screen, type IndexedEntity } from '../../../activities/screening/matching/matcher.js';

function person(id: string, full: string, birth_dates: PartialDate[], countries: string[] = []): IndexedEntity {
  return { id, list_slug: 'test', source_id: id, kind: 'person', names: [{ full, alias_type: 'primary', strength: 'primary' }], birth_dates, countries, identifiers: [], programs: [] };
}

const index = buildIndex([
  person('day', 'KAROLEWSKI, Dariusz', [{ year: 1961, month: 4, day: 17, granularity: 'day' }]),
  person('yearonly', 'Tomasz Wierzbicki', [{ year: 1970, granularity: 'year' }]),
  // A UN-style "between 1960 and 1962" listing plus one more full date.
  person('several', 'OKONKWO-BELLAMY, Chidubem', [
    { year: 1960, granularity: 'year' }, { year: 1961, granularity: 'year' }, { year: 1962, granularity: 'year' },
    { year: 1975, month: 1, day: 2, granularity: 'day' },
  ]),
  person('nodate', 'Dariusz Karolewski', []),
]);

const q = (name_first: string, name_last: string, birthdate: string) => ({ kind: 'person' as const, name_first, name_last, birthdate });

describe('birth-date filter and near matches', () => {
  it('removes the hit on a clear conflict and reports it with the name score, the dates and the rule', () => {
    const { hits, nearMatches } = screen(index, q('Dariusz', 'Karolewski', '1980-04-17'));
    expect(hits.map((h) => h.entity.id)).toEqual(['nodate']);
    expect(nearMatches).toHaveLength(1);
    expect(nearMatches[0]).toMatchObject({
      name_score: 1,
      score: 1,
      rule: 'birthdate_conflict',
      query_birthdate: { year: 1980, month: 4, day: 17 },
      conflicting_birthdates: [{ year: 1961, month: 4, day: 17, granularity: 'day' }],
      tolerance_years: BIRTH_YEAR_TOLERANCE,
    });
    expect(nearMatches[0]?.entity.id).toBe('day');
    expect(nearMatches[0]?.matched_name.full).toBe('KAROLEWSKI, Dariusz');
    expect(nearMatches[0]?.match_types).toContain('exact_name');
    expect(nearMatches[0]?.match_types).not.toContain('birthdate_conflict');
  });

  it('tolerates a year either way: still a hit, unchanged score, no near match', () => {
    for (const date of ['1962-01-01', '1960-12-31']) {
      const { hits, nearMatches } = screen(index, q('Dariusz', 'Karolewski', date));
      const hit = hits.find((h) => h.entity.id === 'day');
      expect(hit?.score).toBe(1);
      expect(hit?.match_types).toContain('birthdate_approximate');
      expect(nearMatches).toEqual([]);
    }
    expect(screen(index, q('Dariusz', 'Karolewski', '1963-01-01')).nearMatches.map((m) => m.entity.id)).toEqual(['day']);
    expect(screen(index, q('Dariusz', 'Karolewski', '1959-12-31')).nearMatches.map((m) => m.entity.id)).toEqual(['day']);
  });

  it('compares full dates by the days between them: one calendar year apart can still be a conflict', () => {
    expect(screen(index, q('Dariusz', 'Karolewski', '1962-04-17')).nearMatches).toEqual([]);
    expect(screen(index, q('Dariusz', 'Karolewski', '1962-12-20')).nearMatches.map((m) => m.entity.id)).toEqual(['day']);
  });

  it('compares a year-only listed date by year', () => {
    expect(screen(index, q('Tomasz', 'Wierzbicki', '1971-12-31')).hits.map((h) => h.entity.id)).toEqual(['yearonly']);
    const far = screen(index, q('Tomasz', 'Wierzbicki', '1972-01-01'));
    expect(far.hits).toEqual([]);
    expect(far.nearMatches[0]?.conflicting_birthdates).toEqual([{ year: 1970, granularity: 'year' }]);
  });

  it('is no conflict when the query date agrees with any one of several listed dates', () => {
    for (const date of ['1961-07-07', '1963-07-07', '1975-01-02', '1975-12-30']) {
      const { hits, nearMatches } = screen(index, q('Chidubem', 'Okonkwo-Bellamy', date));
      expect({ date, hits: hits.map((h) => h.entity.id) }).toEqual({ date, hits: ['several'] });
      expect(nearMatches).toEqual([]);
    }
    const { hits, nearMatches } = screen(index, q('Chidubem', 'Okonkwo-Bellamy', '1968-07-07'));
    expect(hits).toEqual([]);
    expect(nearMatches[0]?.conflicting_birthdates).toHaveLength(4);
  });

  it('lists only name hits strong enough to have alerted', () => {
    // "Darek Karolewski": a different given name, far below the threshold even before the date.
    expect(screen(index, q('Darek', 'Karolewski', '1980-01-01')).nearMatches).toEqual([]);
    const typo = screen(index, q('Dariusz', 'Karolewsky', '1980-01-01')).nearMatches[0];
    expect(typo?.entity.id).toBe('day');
    expect(typo?.name_score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(typo?.name_score).toBeLessThan(1);
  });

  it('has nothing to filter without a query birth date or a listed one', () => {
    const { hits, nearMatches } = screen(index, { kind: 'person', name_first: 'Dariusz', name_last: 'Karolewski' });
    expect(hits.map((h) => h.entity.id).sort()).toEqual(['day', 'nodate']);
    expect(nearMatches).toEqual([]);
  });
});
