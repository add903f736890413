import { describe, expect, it } from 'vitest';
import { makeTokenInfo } from '../../../activities/screening/matching/token-vocabulary.js';
import { ScriptRelation, tokenSimilarity } from '../../../activities/screening/matching/token-similarity.js';
import { osaDistance } from '../../../activities/screening/matching/string-similarity.js';
import { SeededRandom } from '../evaluation/seeded-random.js';
import { buildIndex, DEFAULT_THRESHOLD, search } from '../../../activities/screening/matching/matcher.js';
import { listedEntity as entity } from '../support/listed-entity.js';

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
  it('takes two neighbouring letters swapped in a spelling of four letters as one typo, however short the variant key', () => {
    // Keys "nao"/"noa", "duo"/"du", "lae"/"ale": three letters, which allow no edit of the key.
    expect(sim('naoh', 'noah')).toEqual({ score: 0.82, kind: 'fuzzy_name' });
    expect(sim('dhuo', 'dhou')).toEqual({ score: 0.82, kind: 'fuzzy_name' });
    expect(sim('laeh', 'aleh')).toEqual({ score: 0.82, kind: 'fuzzy_name' });
    // Only a swap: a letter changed in such a word makes another short name, and three letters stay strict.
    expect(sim('phan', 'pham').score).toBe(0);
    expect(sim('than', 'thin').score).toBe(0);
    expect(sim('khin', 'khan').score).toBe(0);
    expect(sim('noh', 'onh').score).toBe(0);
  });
  it('lets search find a listed person through such a swap (before: 0.500 and 0.535, misses)', () => {
    const index = buildIndex([entity('noah', 'person', ['Noah ZAITAR']), entity('dhou', 'person', ['EL-AICH, Dhou'])]);
    const scoreOf = (first: string, last: string, id: string) => search(index, { kind: 'person', name_first: first, name_last: last }, { threshold: 0 }).find((h) => h.entity.id === id)?.score ?? 0;
    expect(scoreOf('Naoh', 'ZAITAR', 'noah')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(scoreOf('Dhuo', 'EL-AICH', 'dhou')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
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
  it('never scores a typo lower than its full edit distance earns (the distance search stops only where nothing more is rewarded)', () => {
    // The documented rule, from the distances computed in full: allowed by length (1 from 4 letters,
    // 2 from 7, 3 from 12), and scored by length and first letter (short words need the same first letter).
    const allowed = (n: number) => (n >= 12 ? 3 : n >= 7 ? 2 : n >= 4 ? 1 : 0);
    const earned = (d: number, n: number, sameFirst: boolean) =>
      d === 1 ? (n >= 8 ? 0.93 : n >= 6 ? 0.9 : !sameFirst ? 0 : n === 5 ? 0.86 : n === 4 ? 0.82 : 0)
        : d === 2 ? (n >= 9 ? 0.86 : n >= 7 && sameFirst ? 0.8 : 0)
          : d === 3 && n >= 12 ? 0.8 : 0;
    const rng = new SeededRandom(20261128);
    const letters = [...'abcdefghijklmnopqrstuvwxyz'];
    const edit = (w: string) => {
      const at = rng.next() < 0.4 ? 0 : rng.int(w.length);
      const c = rng.pick(letters);
      switch (rng.int(4)) {
        case 0: return w.slice(0, at) + c + w.slice(at + 1);
        case 1: return w.slice(0, at) + c + w.slice(at);
        case 2: return w.length > 2 ? w.slice(0, at) + w.slice(at + 1) : w;
        default: return at + 1 < w.length ? w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2) : w;
      }
    };
    let rewarded = 0;
    for (let k = 0; k < 20_000; k += 1) {
      let a = '';
      for (let n = 3 + rng.int(12); n > 0; n -= 1) a += rng.pick(letters);
      let b = a;
      for (let e = 1 + rng.int(3); e > 0; e -= 1) b = edit(b);
      const ia = makeTokenInfo(a);
      const ib = makeTokenInfo(b);
      if (ia.folded === ib.folded || ia.variant === ib.variant) continue;
      const d = Math.min(osaDistance(ia.variant, ib.variant), osaDistance(ia.folded, ib.folded));
      const length = Math.max(ia.variant.length, ib.variant.length);
      const sameFirst = a[0] === b[0] || ia.variant[0] === ib.variant[0] || (a[0] === b[1] && a[1] === b[0]);
      const expected = d <= allowed(length) ? earned(d, Math.max(length, Math.min(a.length, b.length)), sameFirst) : 0;
      if (expected > 0) rewarded += 1;
      const got = tokenSimilarity(ia, ib).score;
      if (got < expected) expect({ a, b, got }).toEqual({ a, b, got: expected });
    }
    // Thousands of generated pairs earn a typo score (the loop is not vacuous).
    expect(rewarded).toBeGreaterThan(5_000);
  });
});
