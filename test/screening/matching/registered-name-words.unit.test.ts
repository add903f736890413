/**
 * Companies searched by the name proper find the registered name that wraps it in words of kind and
 * place ("JOINT STOCK COMMERCIAL BANK NOVIKOMBANK", "STATE CORPORATION ROSTEC", "GARANTEX EUROPE OU"),
 * while names that share only such words stay apart. Listed names are real OFAC SDN entries
 * (2024-05). Before matcher 2026.11.6 "Novikombank", "Rostec" and "Garantex" scored 0.77, 0.77 and 0.73
 * against them (misses), and the one-letter-off "OSTEC ENTERPRISE" outranked Rostec.
 */
import { describe, expect, it } from 'vitest';
import { listedEntity as entity } from '../support/listed-entity.js';
import { buildIndex, DEFAULT_THRESHOLD, search, type MatchQuery } from '../../../activities/screening/matching/matcher.js';
import { tokenizeOrganisationName } from '../../../activities/screening/matching/name-tokenizer.js';

const index = buildIndex([
  entity('novikombank', 'organization', ['JOINT STOCK COMMERCIAL BANK NOVIKOMBANK']),
  entity('rostec', 'organization', ['STATE CORPORATION ROSTEC']),
  entity('garantex', 'organization', ['GARANTEX EUROPE OU']),
  entity('kalashnikov', 'organization', ['CONCERN KALASHNIKOV']),
  entity('ostec', 'organization', ['OSTEC ENTERPRISE LTD']),
  entity('amei', 'organization', ['AFRICA MIDDLE EAST INVESTMENT HOLDING SAL']),
  entity('ett', 'organization', ['EUROPEAN TRADING TECHNOLOGY B.V.']),
  entity('apl', 'organization', ['ASIA PACIFIC LINKS LIMITED']),
  entity('marshall', 'organization', ['MARSHALL CAPITAL']),
  entity('avia', 'organization', ['STATE ENTERPRISE UNIVERSAL-AVIA']),
  entity('maiwand', 'organization', ['MAIWAND GENERAL TRADING CO LLC']),
  entity('adoon', 'organization', ['ADOON GENERAL TRADING L.L.C.']),
]);

const business = (business_name: string): MatchQuery => ({ kind: 'business', business_name });
const scoreOf = (query: MatchQuery, id: string) => search(index, query, { threshold: 0 }).find((h) => h.entity.id === id)?.score ?? 0;

describe('words of kind and place around a registered name', () => {
  it.each([
    ['Novikombank', 'novikombank'],
    ['Rostec', 'rostec'],
    ['Garantex', 'garantex'],
    ['Garantex Europe', 'garantex'],
    ['Kalashnikov', 'kalashnikov'],
  ])('"%s" finds %s at the default threshold', (query, id) => {
    expect(scoreOf(business(query), id)).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('ranks the registered name above a one-letter-off name', () => {
    const hits = search(index, business('Rostec'));
    expect(hits[0]?.entity.id).toBe('rostec');
  });

  it.each([
    ['Middle East Bank', 'amei'],
    ['Europe Trading', 'ett'],
    ['Asia Pacific Trading', 'apl'],
  ])('"%s" shares only words of kind or place with %s: no hit', (query, id) => {
    expect(scoreOf(business(query), id)).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it.each([
    ['Marshall Holding', 'marshall'],
    ['State Sherman Universal-Avia', 'avia'],
  ])('"%s" has a word %s lacks: its extra words of kind keep their full cost', (query, id) => {
    expect(scoreOf(business(query), id)).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it.each([
    ['Maynard Trading LLC', 'maiwand'],
    ['Dunn Trading LLC', 'adoon'],
  ])('"%s" meets %s only through a typo-level word match: its extra words of kind keep their full cost', (query, id) => {
    expect(scoreOf(business(query), id)).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it('costs nothing when the query also carries the region', () => {
    expect(scoreOf(business('Garantex Europe'), 'garantex')).toBe(1);
  });
});

describe('legal forms of the Baltic states, Bulgaria and Greece', () => {
  it.each([
    ['GARANTEX EUROPE OÜ', 'garantex europe'],
    ['UAB ALFA TRANSPORTAS', 'alfa transportas'],
    ['SIA BALTIC GRAIN', 'baltic grain'],
    ['EUROBET TRADING EOOD', 'eurobet trading'],
    ['ALPHA SHIPPING AE', 'alpha shipping'],
    ['DELTA MARINE EPE', 'delta marine'],
    ['OMEGA IKE', 'omega'],
  ])('%s compares as "%s"', (name, expected) => {
    expect(tokenizeOrganisationName(name).map((t) => t.folded).join(' ')).toBe(expected);
  });
});
