/**
 * OCR keys (ocr-confusions.ts): words that differ only by what a reader of a poor scan confuses key
 * alike; ordinary spellings do not. And, through search, a name with two confusions in one place.
 */
import { describe, expect, it } from 'vitest';
import { buildIndex, DEFAULT_THRESHOLD, search } from '../../../activities/screening/matching/matcher.js';
import { ocrKey } from '../../../activities/screening/matching/ocr-confusions.js';
import { listedEntity as entity } from '../support/listed-entity.js';

describe('ocrKey', () => {
  it.each([
    ['ayrnan', 'ayman'],
    ['5alim', 'salim'],
    ['iviyint', 'myint'],
    ['lssam', 'issam'],
    // The digit 1 inside a letter group: c1 is cl (d), 1v1 is IVI (M).
    ['c1osed', 'closed'],
    ['1v1yint', 'myint'],
    ['iv1yint', 'myint'],
    // Two confusions at one place: c1 (cl) beside rn (m).
    ['sanc1ernente', 'sanclemente'],
    ['c1eaner5', 'cleaners'],
  ])('%s keys like %s', (read, written) => {
    expect(ocrKey(read)).toBe(ocrKey(written));
  });

  it.each([
    // An i stays an i in the letter groups: ci is not d, lvl is not M.
    ['lucia', 'luda'],
    ['silvio', 'simo'],
    ['kelvin', 'kemn'],
  ])('%s does not key like %s', (a, b) => {
    expect(ocrKey(a)).not.toBe(ocrKey(b));
  });

  it('leaves a word without confusable letters as it is', () => {
    expect(ocrKey('obama')).toBe('obama');
  });
});

describe('search with a word read with two OCR confusions', () => {
  const index = buildIndex([
    entity('sanclemente', 'person', ['QUINTERO SANCLEMENTE, Ramon Alberto']),
    entity('cleaners', 'organization', ['GLOBAL CLEANERS S.A.R.L.']),
  ]);
  const scoreOf = (hits: ReturnType<typeof search>, id: string) => hits.find((h) => h.entity.id === id)?.score ?? 0;

  it('finds SANCLEMENTE read as SANC1ERNENTE (c1 for cl, rn for m)', () => {
    // Before the 1 was read inside the letter groups: 0.758, a miss at the default threshold.
    const hits = search(index, { kind: 'person', name_first: 'Ramon', name_last: 'Sanc1ernente' }, { threshold: 0 });
    expect(scoreOf(hits, 'sanclemente')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('scores a company read with 0/O, c1/cl and 5/S like its listed name', () => {
    const hits = search(index, { kind: 'business', business_name: 'GL0BAL C1EANER5 S.A.R.L.' }, { threshold: 0 });
    expect(scoreOf(hits, 'cleaners')).toBeGreaterThanOrEqual(0.9);
  });
});
