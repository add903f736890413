/**
 * Screening quality gate on the generated evaluation set over the real OFAC SDN and UN lists and
 * the US Congress PEPs (read from ../shared/data/lists), blind-spot cases included (nicknames,
 * birth-date tolerance and near matches, weak and multi-name aliases). Quality, not speed: no
 * timing is asserted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLD } from '../../../activities/screening/matching/matcher.js';
import { BLIND_SPOT_NEGATIVES, BLIND_SPOT_POSITIVES } from './blind-spot-cases.js';
import { evaluateAt, PERSON_CATEGORIES, BUSINESS_CATEGORIES, scoreCases, type ScoredCase } from './eval-set.js';
import { loadEvaluation } from './evaluation-data.js';

let scored: ScoredCase[] = [];

beforeAll(async () => {
  const { index, pepIndex, cases } = await loadEvaluation();
  scored = scoreCases(index, cases, 0.5, pepIndex);
}, 300_000);

describe('screening evaluation set at DEFAULT_THRESHOLD', () => {
  it('covers every variation category and every hard-negative kind', () => {
    const categories = new Set(scored.map((s) => s.evalCase.category));
    for (const c of [...PERSON_CATEGORIES, ...BUSINESS_CATEGORIES, ...BLIND_SPOT_POSITIVES]) expect(categories).toContain(c);
    for (const c of ['neg_common_name', 'neg_dob_conflict', 'neg_other_given_name', 'neg_near_miss_company', ...BLIND_SPOT_NEGATIVES]) expect(categories).toContain(c);
    expect(scored.filter((s) => s.evalCase.positive).length).toBeGreaterThan(1500);
    expect(scored.filter((s) => s.evalCase.category === 'nickname').length).toBeGreaterThanOrEqual(100);
    expect(scored.filter((s) => s.evalCase.category === 'multi_name_alias').length).toBeGreaterThanOrEqual(100);
  });

  it('finds at least 98% of listed entities and keeps precision at 0.90 or better', () => {
    const r = evaluateAt(scored, DEFAULT_THRESHOLD);
    expect(r.recall).toBeGreaterThanOrEqual(0.98);
    expect(r.precision).toBeGreaterThanOrEqual(0.9);
  });

  it('rejects at least 99% of the hard negatives', () => {
    expect(evaluateAt(scored, DEFAULT_THRESHOLD).negativeRejection).toBeGreaterThanOrEqual(0.99);
  });

  it('finds at least 90% in every single variation category', () => {
    const r = evaluateAt(scored, DEFAULT_THRESHOLD);
    for (const c of r.categories.filter((x) => x.positive)) {
      expect({ category: c.category, rate: c.count / c.total >= 0.9 }).toEqual({ category: c.category, rate: true });
    }
  });

  it('keeps nickname look-alikes that are other names below 2% alerts', () => {
    const r = evaluateAt(scored, DEFAULT_THRESHOLD);
    for (const category of ['neg_nickname_other', 'neg_nickname_sibling']) {
      const c = r.categories.find((x) => x.category === category);
      expect(c?.total).toBeGreaterThan(50);
      expect({ category, rate: (c?.count ?? 0) / (c?.total ?? 1) <= 0.02 }).toEqual({ category, rate: true });
    }
  });

  it('does not alert on a listed name when the birth year clearly differs, and reports it as a near match', () => {
    const r = evaluateAt(scored, DEFAULT_THRESHOLD);
    for (const category of ['neg_dob_conflict', 'neg_dob_just_beyond']) {
      const c = r.categories.find((x) => x.category === category);
      expect(c?.total).toBeGreaterThan(50);
      expect((c?.count ?? 0) / (c?.total ?? 1)).toBeLessThanOrEqual(0.02);
      const cases = scored.filter((s) => s.evalCase.category === category);
      expect(cases.filter((s) => s.nearMatch).length / cases.length).toBeGreaterThanOrEqual(0.98);
    }
  });
});
