import { describe, expect, it } from 'vitest';
import { findDates } from '../../../activities/identity/documents/processing/address/document-dates.js';
import { findIssueDate } from '../../../activities/identity/documents/processing/address/issue-date.finder.js';

const isoOf = (text: string, order?: 'DMY' | 'MDY') => findDates(text, order).map((d) => d.iso);

describe('finding dates in document text', () => {
  it('reads written, ISO and numeric formats', () => {
    expect(isoOf('12 March 2026')).toEqual(['2026-03-12']);
    expect(isoOf('2026-03-12')).toEqual(['2026-03-12']);
    expect(isoOf('12/03/2026')).toEqual(['2026-03-12']);
    expect(isoOf('March 12, 2026')).toEqual(['2026-03-12']);
    expect(isoOf('on 3rd Feb 2026 and 12.03.26')).toEqual(['2026-02-03', '2026-03-12']);
    expect(isoOf('Sept. 9, 2025')).toEqual(['2025-09-09']);
  });

  it('reads month names in other languages, with or without accents', () => {
    expect(isoOf('le 12 mars 2026')).toEqual(['2026-03-12']);
    expect(isoOf('1er février 2026')).toEqual(['2026-02-01']);
    expect(isoOf('Berlin, 12. März 2026')).toEqual(['2026-03-12']);
    expect(isoOf('12 de marzo de 2026')).toEqual(['2026-03-12']);
    expect(isoOf('5 dicembre 2025')).toEqual(['2025-12-05']);
    expect(isoOf('7 augustus 2025')).toEqual(['2025-08-07']);
  });

  it('reads numeric dates day first unless told otherwise or the day cannot come first', () => {
    expect(isoOf('03/04/2026')).toEqual(['2026-04-03']);
    expect(isoOf('03/04/2026', 'MDY')).toEqual(['2026-03-04']);
    expect(isoOf('12/25/2026')).toEqual(['2026-12-25']);
  });

  it('ignores impossible dates, amounts and longer digit runs', () => {
    expect(isoOf('31/02/2026')).toEqual([]);
    expect(isoOf('IBAN DE89 3704 0044 0532 0130 00')).toEqual([]);
    expect(isoOf('Total 1.204,55 EUR')).toEqual([]);
    expect(isoOf('ref 112/03/20261')).toEqual([]);
  });
});

describe('choosing the issue date', () => {
  it('prefers a date labelled as the issue or statement date over earlier dates', () => {
    const text = ['Period 1 February 2026 to 28 February 2026', 'Statement date: 3 March 2026', 'Payment due by 17 March 2026'].join('\n');
    expect(findIssueDate(text)).toBe('2026-03-03');
  });

  it('skips due dates and periods and falls back to the first other date', () => {
    expect(findIssueDate('Riverside Club\n12 March 2026\nNext meeting 2 April 2026')).toBe('2026-03-12');
    expect(findIssueDate('Payment due by 17 March 2026\nPeriod from 1 Feb 2026 to 28 Feb 2026')).toBeUndefined();
  });

  it('takes a label on the line above a date that stands alone', () => {
    expect(findIssueDate('Due date        Invoice date\n\n', {})).toBeUndefined();
    expect(findIssueDate('Invoice date\n  04/03/2026\nDue 18/03/2026')).toBe('2026-03-04');
  });
});
