import { describe, expect, it } from 'vitest';
import { makeTokenInfo } from '../../../activities/screening/matching/token-vocabulary.js';
import { ScriptRelation, tokenSimilarity } from '../../../activities/screening/matching/token-similarity.js';

const sim = (a: string, b: string, rel: ScriptRelation = ScriptRelation.Same) => tokenSimilarity(makeTokenInfo(a), makeTokenInfo(b), rel);

describe('tokenSimilarity', () => {
  it('ranks exact over variant over typo', () => {
    expect(sim('putin', 'putin')).toEqual({ score: 1, kind: 'exact' });
    expect(sim('mohammed', 'muhammad')).toEqual({ score: 0.95, kind: 'name_variant' });
    expect(sim('vladimir', 'vladimr').kind).toBe('fuzzy_name');
    expect(sim('vladimir', 'vladimr').score).toBeGreaterThan(0.9);
  });
  it('is strict on short words', () => {
    expect(sim('chen', 'zhen').score).toBe(0);
    expect(sim('putin', 'turin').score).toBe(0);
    expect(sim('putin', 'putni').score).toBeGreaterThanOrEqual(0.85);
  });
  it('matches initials', () => {
    expect(sim('j', 'john')).toEqual({ score: 0.75, kind: 'initials' });
    expect(sim('k', 'john').score).toBe(0);
  });
  it('trusts the consonant skeleton more for abjad transliterations', () => {
    expect(sim('hsin', 'hussein', ScriptRelation.FromAbjad)).toEqual({ score: 0.9, kind: 'transliteration' });
    expect(sim('hsin', 'hussein').score).toBeLessThan(0.9);
    expect(sim('tkriti', 'tikriti', ScriptRelation.FromAbjad).score).toBeGreaterThanOrEqual(0.9);
    expect(sim('hasan', 'husain').score).toBeLessThanOrEqual(0.8);
  });
  it('labels cross-script matches as transliteration', () => {
    expect(sim('putin', 'putin', ScriptRelation.Transliterated)).toEqual({ score: 1, kind: 'transliteration' });
  });
});
