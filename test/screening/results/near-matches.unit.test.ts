/** Shaping the matcher's near matches into the record's `near_matches`. */
import { describe, expect, it } from 'vitest';
import { stableEntityId } from '../../../activities/screening/list-store/entity-id.js';
import type { ListSource } from '../../../activities/screening/lists/list-entity.js';
import type { NearMatch } from '../../../activities/screening/matching/matcher.js';
import { toNearMatches } from '../../../activities/screening/results/near-matches.js';

const un: ListSource = { slug: 'un_sc_sanctions', name: 'UN SC', url: 'https://un.example', list_type: 'sanctions', country_code: null, flag_code: 'un' };

function near(sourceId: string, score: number): NearMatch {
  const names = [
    { full: `Primary ${sourceId}`, alias_type: 'primary', strength: 'primary' as const },
    { full: `Alias ${sourceId}`, alias_type: 'Low', strength: 'weak' as const },
  ];
  return {
    entity: { id: stableEntityId('un_sc_sanctions', sourceId), list_slug: 'un_sc_sanctions', source_id: sourceId, kind: 'person', names, birth_dates: [{ year: 1960, granularity: 'year' }, { year: 1962, month: 3, day: 4, granularity: 'day' }], countries: [], identifiers: [], programs: [] },
    name_score: Math.round((score - 0.03) * 1000) / 1000,
    score,
    matched_name: names[1]!,
    match_types: ['exact_name', 'weak_alias', 'country'],
    rule: 'birthdate_conflict',
    query_birthdate: { year: 1990, month: 5, day: 6 },
    conflicting_birthdates: [{ year: 1960, granularity: 'year' }, { year: 1962, month: 3, day: 4, granularity: 'day' }],
    tolerance_years: 1,
  };
}

describe('near_matches', () => {
  it('names the entity, the name score, the conflicting dates and the rule', () => {
    expect(toNearMatches([near('7', 0.95)], new Map([[un.slug, un]]), new Set(), 50)).toEqual([{
      id: stableEntityId('un_sc_sanctions', '7'),
      source_id: '7',
      list_slug: 'un_sc_sanctions',
      list_name: 'UN SC',
      name: 'Alias 7',
      alias_type: 'Low',
      primary_name: 'Primary 7',
      kind: 'person',
      name_score: 0.92,
      score: 0.95,
      match_types: ['exact_name', 'weak_alias', 'country'],
      rule: 'birthdate_conflict',
      rule_detail: 'birth year 1990 is more than 1 year from every listed birth date (1960, 1962-03-04)',
      query_birthdate: '1990-05-06',
      conflicting_birthdates: [{ day: '', month: '', year: '1960', granularity: 'year' }, { day: '04', month: '03', year: '1962', granularity: 'day' }],
      tolerance_years: 1,
    }]);
  });

  it('leaves out entities the caller cleared and keeps at most the limit', () => {
    const cleared = stableEntityId('un_sc_sanctions', '1');
    const out = toNearMatches([near('1', 0.99), near('2', 0.9), near('3', 0.85)], new Map(), new Set([cleared]), 1);
    expect(out.map((m) => m.source_id)).toEqual(['2']);
    expect(out[0]?.list_name).toBe('un_sc_sanctions');
  });
});
