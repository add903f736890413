import { describe, expect, it } from 'vitest';
import { buildIndex, screen, type IndexedEntity } from '../../../activities/screening/matching/matcher.js';
import { MAX_KEPT_ENTRIES, SimilarityCache } from '../../../activities/screening/matching/similarity-cache.js';
import type { TokenMatch } from '../../../activities/screening/matching/token-similarity.js';

const m = (score: number): TokenMatch => ({ score, kind: 'fuzzy_name' });

describe('SimilarityCache', () => {
  it('keeps a pair per query word, listed word and script relation', () => {
    const cache = new SimilarityCache(10);
    cache.begin(2);
    cache.set(0, 5, 0, m(0.8));
    cache.set(1, 5, 2, m(0.9));
    expect(cache.get(0, 5, 0)?.score).toBe(0.8);
    expect(cache.get(1, 5, 2)?.score).toBe(0.9);
    expect(cache.get(1, 5, 0)).toBeUndefined();
    expect(cache.get(0, 5, 1)).toBeUndefined();
    expect(cache.get(0, 6, 0)).toBeUndefined();
  });

  it('forgets the previous query, also where a slot is reused by another word', () => {
    const cache = new SimilarityCache(10);
    cache.begin(3);
    cache.set(0, 5, 0, m(0.8));
    cache.set(2, 5, 1, m(0.85));
    cache.begin(3);
    expect(cache.get(0, 5, 0)).toBeUndefined();
    // Word 7 takes the slot word 5 had: nothing of word 5's entries shows through.
    cache.set(1, 7, 0, m(0.7));
    expect(cache.get(2, 7, 1)).toBeUndefined();
    expect(cache.get(0, 7, 0)).toBeUndefined();
    expect(cache.get(1, 7, 0)?.score).toBe(0.7);
    expect(cache.get(2, 5, 1)).toBeUndefined();
  });

  it('lets go of what an unusually large query used, and the next query starts empty', () => {
    const words = 8;
    const listed = Math.ceil(MAX_KEPT_ENTRIES / (words * 3)) + 10;
    const cache = new SimilarityCache(listed + 1);
    cache.begin(words);
    for (let id = 0; id < listed; id += 1) cache.set(words - 1, id, 2, m(0.9));
    expect(cache.get(words - 1, listed - 1, 2)?.score).toBe(0.9);
    cache.begin(words);
    for (let id = 0; id < listed; id += 1) expect(cache.get(words - 1, id, 2)).toBeUndefined();
    cache.set(0, listed - 1, 0, m(0.8));
    expect(cache.get(words - 1, listed - 1, 2)).toBeUndefined();
    expect(cache.get(0, listed - 1, 0)?.score).toBe(0.8);
  });

  it('a query of another length lays its slots out anew', () => {
    const cache = new SimilarityCache(10);
    cache.begin(1);
    cache.set(0, 1, 0, m(0.8));
    cache.set(0, 2, 0, m(0.9));
    cache.begin(4);
    cache.set(3, 2, 2, m(0.75));
    expect(cache.get(3, 2, 2)?.score).toBe(0.75);
    expect(cache.get(0, 2, 0)).toBeUndefined();
    expect(cache.get(0, 1, 0)).toBeUndefined();
  });
});

describe('search with the shared similarity cache', () => {
  const entity = (id: string, full: string): IndexedEntity => ({
    id, list_slug: 'test', source_id: id, kind: 'person', names: [{ full, alias_type: 'primary', strength: 'primary' }], birth_dates: [], countries: [], identifiers: [], programs: [],
  });
  const index = buildIndex([entity('a', 'Ivan Petrov'), entity('b', 'Petra Ivanova'), entity('c', 'John Smith'), entity('d', 'Jon Smyth')]);

  it('answers a query the same whatever queries came before it', () => {
    const queries = [
      { kind: 'person' as const, name_first: 'Ivan', name_last: 'Petrov' },
      { kind: 'person' as const, name_first: 'Jon', name_last: 'Smith' },
      { kind: 'person' as const, name_first: 'Petra', name_last: 'Ivanov' },
      { kind: 'person' as const, name_first: 'J', name_last: 'Smyth' },
    ];
    const alone = queries.map((q) => JSON.stringify(screen(buildIndex([entity('a', 'Ivan Petrov'), entity('b', 'Petra Ivanova'), entity('c', 'John Smith'), entity('d', 'Jon Smyth')]), q)));
    const forwards = queries.map((q) => JSON.stringify(screen(index, q)));
    const backwards = [...queries].reverse().map((q) => JSON.stringify(screen(index, q))).reverse();
    expect(forwards).toEqual(alone);
    expect(backwards).toEqual(alone);
    expect(alone.filter((r) => JSON.parse(r).hits.length > 0).length).toBeGreaterThan(2);
  });
});
