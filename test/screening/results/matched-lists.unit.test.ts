/** Grouping matcher hits into matched_lists, the birth date formats, our stable entity ids and query mapping. */
import { describe, expect, it } from 'vitest';
import { stableEntityId } from '../../../activities/screening/list-store/entity-id.js';
import type { ListSource } from '../../../activities/screening/lists/list-entity.js';
import type { MatchHit } from '../../../activities/screening/matching/matcher.js';
import { toMatchQuery } from '../../../activities/screening/results/list-screening.js';
import { fullBirthdate, groupHitsByList, toBirthdateOut } from '../../../activities/screening/results/matched-lists.js';

const un: ListSource = { slug: 'un_sc_sanctions', name: 'UN SC', url: 'https://un.example', list_type: 'sanctions', country_code: null, flag_code: 'un' };
const ofac: ListSource = { slug: 'us_ofac_sdn', name: 'OFAC SDN', url: 'https://ofac.example', list_type: 'sanctions', country_code: 'US', flag_code: 'us' };

function hit(slug: string, sourceId: string, score: number, types: string[], alias = false): MatchHit {
  const names = [
    { full: `Primary ${sourceId}`, alias_type: 'primary', strength: 'primary' as const },
    { full: `Alias ${sourceId}`, alias_type: 'aka', strength: 'strong' as const },
  ];
  return {
    entity: { id: stableEntityId(slug, sourceId), list_slug: slug, source_id: sourceId, kind: 'person', names, birth_dates: [{ year: 1970, granularity: 'year' }, { year: 1971, month: 2, day: 3, granularity: 'day' }], countries: ['IQ'], identifiers: [], programs: ['SDGT'] },
    score,
    matched_name: alias ? names[1]! : names[0]!,
    match_types: types as MatchHit['match_types'],
  };
}

describe('matched_lists', () => {
  it('groups by list, best list first, entities best first, match_types as the union', () => {
    const lists = groupHitsByList(
      [hit('us_ofac_sdn', '1', 0.85, ['fuzzy_name']), hit('un_sc_sanctions', '9', 0.97, ['exact_name', 'birthdate_exact']), hit('us_ofac_sdn', '2', 0.91, ['exact_name', 'alias'], true)],
      new Map([[un.slug, un], [ofac.slug, ofac]]),
      new Set(),
    );
    expect(lists.map((l) => l.slug)).toEqual(['un_sc_sanctions', 'us_ofac_sdn']);
    expect(lists[1]).toMatchObject({ name: 'OFAC SDN', url: 'https://ofac.example', list_type: 'sanctions', list_types: ['sanctions'], flag_code: 'us', country_code: 'US', match_types: ['alias', 'exact_name', 'fuzzy_name'] });
    expect(lists[1]!.entities.map((e) => e.source_id)).toEqual(['2', '1']);
    expect(lists[1]!.entities[0]).toEqual({
      id: stableEntityId('us_ofac_sdn', '2'),
      source_id: '2',
      name: 'Alias 2',
      alias_type: 'aka',
      primary_name: 'Primary 2',
      kind: 'person',
      birthdates: [{ day: '', month: '', year: '1970', granularity: 'year' }, { day: '03', month: '02', year: '1971', granularity: 'day' }],
      birthdate: '1971-02-03',
      countries: ['IQ'],
      programs: ['SDGT'],
      score: 0.91,
      match_types: ['exact_name', 'alias'],
    });
  });

  it('drops ignored entities, and a list left with none', () => {
    const lists = groupHitsByList([hit('un_sc_sanctions', '9', 0.97, ['exact_name']), hit('us_ofac_sdn', '1', 0.9, ['exact_name'])], new Map([[un.slug, un], [ofac.slug, ofac]]), new Set([stableEntityId('un_sc_sanctions', '9')]));
    expect(lists.map((l) => l.slug)).toEqual(['us_ofac_sdn']);
  });

  it('formats partial dates as strings and the full date only when day-precise', () => {
    expect(toBirthdateOut({ year: 1965, month: 4, granularity: 'month' })).toEqual({ day: '', month: '04', year: '1965', granularity: 'month' });
    expect(fullBirthdate([{ year: 1965, month: 4, granularity: 'month' }])).toBeNull();
    expect(fullBirthdate([{ year: 5, month: 1, day: 9, granularity: 'day' }])).toBe('0005-01-09');
  });
});

describe('entity ids', () => {
  it('are name-based UUIDs (v5): stable for a slug and source id, different across lists', () => {
    const id = stableEntityId('us_ofac_sdn', '17755');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableEntityId('us_ofac_sdn', '17755')).toBe(id);
    expect(stableEntityId('us_ofac_cons', '17755')).not.toBe(id);
    expect(stableEntityId('us_ofac_sdn', '1775')).not.toBe(stableEntityId('us_ofac_sd', 'n1775'));
  });
});

describe('query mapping', () => {
  it('drops ZZ (unknown country) and uppercases countries', () => {
    expect(toMatchQuery('screening/business-watchlist', { business_name: 'Acme', country: 'ZZ', registration_number: '123' })).toEqual({ kind: 'business', business_name: 'Acme', registration_number: '123' });
    expect(toMatchQuery('screening/watchlist', { name_first: 'A', name_last: 'B', country_code: 'zz' })).toEqual({ kind: 'person', name_first: 'A', name_last: 'B' });
    expect(toMatchQuery('screening/politically-exposed-person', { name_first: 'A', name_last: 'B', country_code: 'us', birthdate: '1970-01-02' })).toEqual({ kind: 'person', name_first: 'A', name_last: 'B', country_code: 'US', birthdate: '1970-01-02' });
  });
});
