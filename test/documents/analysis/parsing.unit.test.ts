import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../../activities/documents/analysis/extraction/parsing/amount.parser.js';
import { parseDate } from '../../../activities/documents/analysis/extraction/parsing/date.parser.js';

describe('parseDate', () => {
  it.each([
    ['14 October 2026', 'DMY', '2026-10-14'],
    ['14.10.2026', 'DMY', '2026-10-14'],
    ['10/14/2026', 'DMY', '2026-10-14'],
    ['10/04/2026', 'MDY', '2026-10-04'],
    ['10/04/2026', 'DMY', '2026-04-10'],
    ['October 14, 2026', 'DMY', '2026-10-14'],
    ['14. Oktober 2026', 'DMY', '2026-10-14'],
    ['le 1er mars 2026', 'DMY', '2026-03-01'],
    ['14 de octubre de 2026', 'DMY', '2026-10-14'],
    ['2026-10-14', 'MDY', '2026-10-14'],
    ['14-Oct-26', 'DMY', '2026-10-14'],
  ] as const)('reads %s (%s) as %s', (text, order, iso) => {
    expect(parseDate(text, order)).toBe(iso);
  });

  it('rejects impossible dates', () => {
    expect(parseDate('31.02.2026')).toBeNull();
    expect(parseDate('no date here')).toBeNull();
  });
});

describe('parseAmount', () => {
  it.each([
    ['1,234.56', 1234.56, null],
    ['1.234,56 €', 1234.56, 'EUR'],
    ['EUR 1 234,56', 1234.56, 'EUR'],
    ["CHF 1'234.50", 1234.5, 'CHF'],
    ['$12', 12, 'USD'],
    ['(45.00)', -45, null],
    ['-1.000', -1000, null],
    ['12.50-', -12.5, null],
    ['1,234', 1234, null],
    ['£0.99', 0.99, 'GBP'],
  ] as const)('reads %s', (text, value, currency) => {
    expect(parseAmount(text)).toEqual({ value, currency });
  });
});
