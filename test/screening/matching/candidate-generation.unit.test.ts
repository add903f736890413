/**
 * Candidate generation without its garbage (2026-11-29): a spelling's reach on the index (its own
 * variant, its one-deletion neighbours', its phonetic key's) is looked up once per index and kept
 * (reachOf), an expansion's variants are ordered in reused buffers (CandidateScratch.order), and
 * the touched names are gathered in a reused array. None of it may change which names a query
 * reaches, or their order (the cut to MAX_CANDIDATE_NAMES keeps equal ranks in that order).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CandidateScratch, generateCandidates, reachOf } from '../../../activities/screening/matching/candidate-generation.js';
import { buildIndex, type MatchQuery } from '../../../activities/screening/matching/matcher.js';
import { deletionKeys, type IndexedEntity, type MatchIndexData } from '../../../activities/screening/matching/match-index.js';
import { queryTokens } from '../../../activities/screening/matching/search.js';
import { makeTokenInfo } from '../../../activities/screening/matching/token-vocabulary.js';
import { personNameFields, readBenchmarkPeople } from '../evaluation/benchmark-files.js';
import { loadSanctionsLists } from '../evaluation/real-lists.js';
import { listedEntity } from '../support/listed-entity.js';
import { SeededRandom } from '../evaluation/seeded-random.js';

/** What the lookups themselves give, in the order they make (the code before the memo). */
function reachAsLooked(index: MatchIndexData, variant: string, phonetic: string): number[] {
  const map = new Map<number, number>();
  const add = (v: number | undefined, quality: number) => {
    if (v !== undefined && (map.get(v) ?? 0) < quality) map.set(v, quality);
  };
  add(index.variantIds.get(variant), 1);
  for (const key of deletionKeys(variant)) for (const v of index.deletionVariants.get(key) ?? []) add(v, 0.85);
  if (phonetic.length >= 2) for (const v of index.phoneticVariants.get(phonetic) ?? []) add(v, 0.8);
  return [...map].flat();
}

let entities: IndexedEntity[];
let queries: MatchQuery[];

beforeAll(async () => {
  entities = await loadSanctionsLists();
  const people = [
    ...(await readBenchmarkPeople('yente_validation_report/negatives_global.csv')),
    ...(await readBenchmarkPeople('yente_validation_report/negatives_us.csv')),
  ];
  const innocents = people.map((p) => ({ kind: 'person' as const, ...personNameFields(p) })).filter((q) => q.name_first && q.name_last).slice(0, 600);
  const listed = entities.filter((e) => e.kind === 'person').slice(0, 300)
    .map((e) => (e.names[0]?.full ?? '').split(/\s+/).filter(Boolean)).filter((w) => w.length >= 2)
    .map((w) => ({ kind: 'person' as const, name_first: w.slice(0, -1).join(' '), name_last: w.at(-1) as string }));
  const orgs = entities.filter((e) => e.kind === 'organization').slice(0, 300).map((e) => ({ kind: 'business' as const, business_name: e.names[0]?.full ?? '' }));
  queries = [...innocents, ...listed, ...orgs];
}, 120_000);

describe('a spelling\'s reach, kept per index', () => {
  it('is what the lookups give, in their order, on the first call and from the memo', () => {
    const index = buildIndex(entities) as MatchIndexData;
    const words = ['mohammed', 'muhammad', 'petrov', 'ahmad', 'bank', 'alqaeda', 'kim', 'jong', 'sergeyevich', 'xzqv'];
    for (const word of words) {
      const { variant, phonetic } = makeTokenInfo(word);
      for (const key of [phonetic, '']) {
        const expected = reachAsLooked(index, variant, key);
        expect(reachOf(index, variant, key), `${word} / ${key}`).toEqual(expected);
        expect(reachOf(index, variant, key), `${word} / ${key}, memo`).toEqual(expected);
      }
    }
    // The phonetic key is part of what is kept: without it a word reaches less.
    const { variant, phonetic } = makeTokenInfo('muhammad');
    expect(reachOf(index, variant, phonetic).length).toBeGreaterThan(reachOf(index, variant, '').length);
  });

  it('is kept per index: another index answers from its own lists', () => {
    const small = buildIndex([listedEntity('petrov', 'person', ['Ivan PETROV'])]) as MatchIndexData;
    const large = buildIndex(entities) as MatchIndexData;
    const { variant, phonetic } = makeTokenInfo('petrov');
    expect(reachOf(large, variant, phonetic)).toEqual(reachAsLooked(large, variant, phonetic));
    expect(reachOf(small, variant, phonetic)).toEqual(reachAsLooked(small, variant, phonetic));
    expect(reachOf(small, variant, phonetic)).not.toEqual(reachOf(large, variant, phonetic));
  });
});

describe('candidate names', () => {
  it('are the same names in the same order whatever the memo holds', () => {
    // Two identical indexes, the queries run in opposite orders: each query meets a memo holding
    // different words, and the first index's memo is warm for the second pass.
    const a = buildIndex(entities) as MatchIndexData;
    const b = buildIndex(entities) as MatchIndexData;
    const scratchA = new CandidateScratch(a.nameCount);
    const scratchB = new CandidateScratch(b.nameCount);
    const person = new Uint8Array(8).fill(1);
    const run = (index: MatchIndexData, scratch: CandidateScratch, q: MatchQuery) =>
      Array.from(generateCandidates(index, scratch, queryTokens(index, q), q.kind === 'business', person).names);
    const first = queries.map((q) => run(a, scratchA, q));
    const reversed = [...queries].reverse().map((q) => run(b, scratchB, q)).reverse();
    const again = queries.map((q) => run(a, scratchA, q));
    expect(first.reduce((n, names) => n + names.length, 0)).toBeGreaterThan(queries.length * 10);
    expect(reversed).toEqual(first);
    expect(again).toEqual(first);
  }, 120_000);

  it('orders an expansion\'s variants by quality, best first, equals in the map\'s order', () => {
    const rng = new SeededRandom(20261129);
    const scratch = new CandidateScratch(1);
    const qualities = [1, 0.9, 0.85, 0.8, 0.765, 0.72, 0.6];
    for (let round = 0; round < 300; round += 1) {
      const map = new Map<number, number>();
      const size = rng.int(round < 10 ? 200 : 40);
      for (let k = 0; k < size; k += 1) map.set(rng.int(100_000), rng.pick(qualities));
      const expected = [...map.entries()].sort((x, y) => y[1] - x[1]);
      const count = scratch.order(map);
      expect(count).toBe(map.size);
      const got = Array.from({ length: count }, (_, k) => [scratch.orderIds[k], scratch.orderQualities[k]]);
      expect(got).toEqual(expected);
    }
  });
});
