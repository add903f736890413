/**
 * OCR readings (ocr-confusions.ts): a word read with confusions meets its written spelling on one of
 * its readings; ordinary spellings do not meet other words. And, through search, names with two
 * confusions at one place, and a 1 that stands for an i.
 */
import { describe, expect, it } from 'vitest';
import { buildIndex, DEFAULT_THRESHOLD, search } from '../../../activities/screening/matching/matcher.js';
import { ocrKey, ocrReadings } from '../../../activities/screening/matching/ocr-confusions.js';
import { listedEntity as entity } from '../support/listed-entity.js';

/** Whether the word as read meets the written word on one of its readings (written words hold no digit). */
const readsAs = (read: string, written: string) => ocrReadings(read).includes(ocrKey(written));

describe('ocrReadings', () => {
  it.each([
    ['ayrnan', 'ayman'],
    ['5alim', 'salim'],
    ['iviyint', 'myint'],
    ['lssam', 'issam'],
    // A 1 taken into a letter group: c1 is cl (d), 1v1 is IVI (M).
    ['c1osed', 'closed'],
    ['1v1yint', 'myint'],
    ['iv1yint', 'myint'],
    // Two confusions at one place: c1 (cl) beside rn (m).
    ['sanc1ernente', 'sanclemente'],
    ['c1eaner5', 'cleaners'],
    // The same 1 read as an i of its own.
    ['garc1a', 'garcia'],
    ['luc1a', 'lucia'],
    ['6arc1a', 'garcia'],
    ['s0c1ete', 'societe'],
    ['si1via', 'silvia'],
    ['ke1v1n', 'kelvin'],
    // A 0 is an O or a D, an 8 a B or an S, a 7 a T.
    ['0eniz', 'deniz'],
    ['limite0', 'limited'],
    ['r0se', 'rose'],
    ['8alim', 'salim'],
    ['8ashir', 'bashir'],
    ['7ask', 'task'],
    // A 1 in a letter group keeps that second reading when the word has a 0 or an 8 too.
    ['1v10hammed', 'mohammed'],
    ['c10sed', 'closed'],
    ['mc1e0d', 'mcleod'],
  ])('%s reads as %s', (read, written) => {
    expect(readsAs(read, written)).toBe(true);
  });

  it.each([
    // Without a digit a word has one reading, and ci or lvl are not letter groups.
    ['lucia', 'luda'],
    ['silvio', 'simo'],
    ['kelvin', 'kemn'],
    ['garcia', 'garda'],
  ])('%s does not read as %s', (a, b) => {
    expect(ocrReadings(a)).toEqual([ocrKey(a), ocrKey(a)]);
    expect(readsAs(a, b)).toBe(false);
  });

  it('reads a 1 beside c both ways, so LUC1A meets LUDA too (the price of the second reading)', () => {
    expect(ocrReadings('luc1a')).toEqual(['lucla', 'luda']);
    expect(readsAs('luc1a', 'lucia')).toBe(true);
    expect(readsAs('luc1a', 'luda')).toBe(true);
  });

  it('gives a word without a digit read two ways, and a number, one reading', () => {
    expect(ocrReadings('closed')).toEqual(['dosed', 'dosed']);
    expect(ocrReadings('a1i')).toEqual([ocrKey('a1i'), ocrKey('a1i')]);
    // 8 is B or S and 5 is S: on a second reading 2008 would be 2005.
    expect(readsAs('2008', '2005')).toBe(false);
  });
});

describe('search with words read with OCR confusions', () => {
  const index = buildIndex([
    entity('sanclemente', 'person', ['QUINTERO SANCLEMENTE, Ramon Alberto']),
    entity('cleaners', 'organization', ['GLOBAL CLEANERS S.A.R.L.']),
    entity('garcia', 'person', ['ZAMBADA GARCIA, Ismael']),
    entity('malala', 'organization', ['MALALA 786, S.A.']),
    entity('deniz', 'person', ['Fadi DENIZ']),
    entity('rusich', 'organization', ['TASK FORCE RUSICH']),
    entity('peakview', 'organization', ['PEAKVIEW INDUSTRY CO., LIMITED']),
    entity('benghalem', 'person', ['Salim BENGHALEM']),
  ]);
  const scoreOf = (hits: ReturnType<typeof search>, id: string) => hits.find((h) => h.entity.id === id)?.score ?? 0;

  it('finds SANCLEMENTE read as SANC1ERNENTE (c1 for cl, rn for m)', () => {
    // Read with the 1 alone (matcher 2026.11.7): 0.758, a miss at the default threshold.
    const hits = search(index, { kind: 'person', name_first: 'Ramon', name_last: 'Sanc1ernente' }, { threshold: 0 });
    expect(scoreOf(hits, 'sanclemente')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('scores a company read with 0/O, c1/cl and 5/S like its listed name', () => {
    const hits = search(index, { kind: 'business', business_name: 'GL0BAL C1EANER5 S.A.R.L.' }, { threshold: 0 });
    expect(scoreOf(hits, 'cleaners')).toBeGreaterThanOrEqual(0.9);
  });

  it('still finds GARCIA read as 6ARC1A, its 1 an i', () => {
    const hits = search(index, { kind: 'person', name_first: 'Ismael', name_last: 'Zambada 6arc1a' }, { threshold: 0 });
    expect(scoreOf(hits, 'garcia')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('finds a candidate through the group reading alone (1V1ALALA is MALALA)', () => {
    // The key reads "lvlalala", which no listed word is near; only the group reading "malala" finds
    // the company (before: no candidate at all). It scores as "MALALA" alone does, the listed 786 missing.
    const read = scoreOf(search(index, { kind: 'business', business_name: '1V1ALALA' }, { threshold: 0 }), 'malala');
    const written = scoreOf(search(index, { kind: 'business', business_name: 'MALALA' }, { threshold: 0 }), 'malala');
    expect(read).toBeGreaterThan(0.7);
    expect(written - read).toBeLessThan(0.1);
  });

  it.each([
    // Read by other people's tools (the typo library's similar characters, bench/screening-external.ts).
    ['DENIZ read as 0ENIZ (0 for D)', { kind: 'person', name_first: 'Fadi', name_last: '0eniz' }, 'deniz'],
    ['TASK FORCE read as 7ASK FORCE (7 for T)', { kind: 'business', business_name: '7ASK FORCE RUSICH' }, 'rusich'],
    ['LIMITED read as LIMITE0 (0 for D, in a legal form)', { kind: 'business', business_name: 'PEAKVIEW INDUSTRY CO., LIMITE0' }, 'peakview'],
    ['Salim read as 8alim (8 for S)', { kind: 'person', name_first: '8alim', name_last: 'BENGHALEM' }, 'benghalem'],
  ] as const)('finds %s', (_name, query, id) => {
    // Before: 0.500, 0.667, 0.700 and 0.500; one confusion in a word reads like one typo (0.9 and above here).
    expect(scoreOf(search(index, query, { threshold: 0 }), id)).toBeGreaterThanOrEqual(0.9);
  });
});
