/**
 * A first-letter typo of a short word in a company name (matcher 2026.11.14): "ORLD WATER FISHERIES"
 * finds WORLD WATER FISHERIES when another distinctive word of the name matched firmly; a name whose
 * only other words are of kind or place ("Verma Trading") does not meet its one-letter neighbour
 * (LERMA TRADING), and people's names keep the strict rule (Nehdi / Mehdi).
 */
import { describe, expect, it } from 'vitest';
import { buildIndex, DEFAULT_THRESHOLD, search, type MatchQuery } from '../../../activities/screening/matching/matcher.js';
import { firstLetterTypo, tokenSimilarity } from '../../../activities/screening/matching/token-similarity.js';
import { makeTokenInfo } from '../../../activities/screening/matching/token-vocabulary.js';
import { listedEntity as entity } from '../support/listed-entity.js';

const typo = (a: string, b: string) => firstLetterTypo(makeTokenInfo(a), makeTokenInfo(b));

describe('firstLetterTypo', () => {
  it.each([
    ['orld', 'world'],
    ['bnord', 'nord'],
    ['noint', 'joint'],
    ['qero', 'aero'],
    ['fste', 'este'],
  ])('%s / %s is one edit at the first letter', (a, b) => {
    expect(typo(a, b)).toBe(true);
    expect(typo(b, a)).toBe(true);
    // tokenSimilarity alone refuses it (short words need the same first letter).
    expect(tokenSimilarity(makeTokenInfo(a), makeTokenInfo(b)).score).toBe(0);
  });

  it.each([
    ['iva', 'tiva'], // three letters
    ['orldx', 'worldx'], // six letters: the ordinary typo rule scores it
    ['world', 'wordl'], // same first letter
    ['orl', 'world'], // two edits
    ['bnord', 'nrod'], // two edits
  ])('%s / %s is not', (a, b) => {
    expect(typo(a, b)).toBe(false);
  });
});

describe('search with a first-letter typo in a company name', () => {
  const index = buildIndex([
    entity('world', 'organization', ['WORLD WATER FISHERIES LIMITED']),
    entity('nord', 'organization', ['NORD GOLD PLC']),
    entity('joint', 'organization', ['JOINT VENTURE QUANTUM TECHNOLOGIES']),
    entity('lerma', 'organization', ['LERMA TRADING S.A.']),
    entity('mehdi', 'person', ['Mehdi MASOUMIAN']),
  ]);
  const scoreOf = (query: MatchQuery, id: string) => search(index, query, { threshold: 0 }).find((h) => h.entity.id === id)?.score ?? 0;

  it.each([
    ['ORLD WATER FISHERIES LIMITED', 'world'],
    ['BNORD GOLD PLC', 'nord'],
    ['NOINT VENTURE QUANTUM TECHNOLOGIES', 'joint'],
  ])('finds %s', (name, id) => {
    // Before: 0.667, 0.500 and 0.769.
    expect(scoreOf({ kind: 'business', business_name: name }, id)).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('needs a firmly matched distinctive word beside it: "Verma Trading" is not LERMA TRADING', () => {
    expect(scoreOf({ kind: 'business', business_name: 'Verma Trading LLC' }, 'lerma')).toBeLessThan(DEFAULT_THRESHOLD);
    // The typo alone is no anchor for itself either.
    expect(scoreOf({ kind: 'business', business_name: 'Verma' }, 'lerma')).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it('keeps people\'s names strict', () => {
    expect(scoreOf({ kind: 'person', name_first: 'Nehdi', name_last: 'MASOUMIAN' }, 'mehdi')).toBeLessThan(DEFAULT_THRESHOLD);
  });
});
