/**
 * Screening quality gate on the generated evaluation set over the real OFAC SDN and UN lists
 * (read from ../shared/data/lists). Quality, not speed: no timing is asserted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, DEFAULT_THRESHOLD } from '../../../activities/screening/matching/matcher.js';
import { evaluateAt, generateEvalSet, PERSON_CATEGORIES, BUSINESS_CATEGORIES, scoreCases, type ScoredCase } from './eval-set.js';
import { loadSanctionsLists } from './real-lists.js';

let scored: ScoredCase[] = [];

beforeAll(async () => {
  const entities = await loadSanctionsLists();
  const cases = generateEvalSet(entities);
  scored = scoreCases(buildIndex(entities), cases);
}, 300_000);

describe('screening evaluation set at DEFAULT_THRESHOLD', () => {
  it('covers every variation category and every hard-negative kind', () => {
    const categories = new Set(scored.map((s) => s.evalCase.category));
    for (const c of [...PERSON_CATEGORIES, ...BUSINESS_CATEGORIES]) expect(categories).toContain(c);
    for (const c of ['neg_common_name', 'neg_dob_conflict', 'neg_other_given_name', 'neg_near_miss_company']) expect(categories).toContain(c);
    expect(scored.filter((s) => s.evalCase.positive).length).toBeGreaterThan(1000);
  });

  it('finds at least 98% of listed entities and keeps precision at 0.90 or better', () => {
    const r = evaluateAt(scored, DEFAULT_THRESHOLD);
    expect(r.recall).toBeGreaterThanOrEqual(0.98);
    expect(r.precision).toBeGreaterThanOrEqual(0.9);
  });

  it('finds at least 90% in every single variation category', () => {
    const r = evaluateAt(scored, DEFAULT_THRESHOLD);
    for (const c of r.categories.filter((x) => x.positive)) {
      expect({ category: c.category, rate: c.count / c.total >= 0.9 }).toEqual({ category: c.category, rate: true });
    }
  });

  it('does not alert on a listed name when the birth year clearly differs', () => {
    const r = evaluateAt(scored, DEFAULT_THRESHOLD);
    const dob = r.categories.find((c) => c.category === 'neg_dob_conflict');
    expect(dob?.total).toBeGreaterThan(50);
    expect((dob?.count ?? 0) / (dob?.total ?? 1)).toBeLessThanOrEqual(0.02);
  });
});
