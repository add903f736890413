import { describe, expect, it } from 'vitest';
import { ListParseError } from '../../../activities/screening/lists/list-entity.js';
import { countryToIso2 } from '../../../activities/screening/lists/parsers/country-codes.js';
import { csvRecords } from '../../../activities/screening/lists/parsers/csv-records.js';
import { parseIsoPartialDate, parseSlashDate, partialDate, yearRange } from '../../../activities/screening/lists/parsers/partial-date.js';

async function collect(text: string | string[]) {
  const out = [];
  for await (const r of csvRecords(text, 'x.csv')) out.push(r);
  return out;
}

describe('countryToIso2', () => {
  it('maps names, UN and OFAC spellings, adjectives and codes', () => {
    expect(countryToIso2('Iran (Islamic Republic of)')).toBe('IR');
    expect(countryToIso2("Democratic People's Republic of Korea")).toBe('KP');
    expect(countryToIso2('Korea, North')).toBe('KP');
    expect(countryToIso2('Côte d’Ivoire')).toBe('CI');
    expect(countryToIso2('Türkiye')).toBe('TR');
    expect(countryToIso2('United Kingdom of Great Britain and Northern Ireland')).toBe('GB');
    expect(countryToIso2('Burma')).toBe('MM');
    expect(countryToIso2('Region: Gaza')).toBe('PS');
    expect(countryToIso2('Russian')).toBe('RU');
    expect(countryToIso2('ru')).toBe('RU');
    expect(countryToIso2('UK')).toBe('GB');
    expect(countryToIso2('Atlantis')).toBeUndefined();
    expect(countryToIso2('ZZ')).toBeUndefined();
    expect(countryToIso2('')).toBeUndefined();
  });
});

describe('partial dates', () => {
  it('lowers granularity for missing or impossible parts and rejects absurd years', () => {
    expect(partialDate(1960, 2, 30)).toEqual({ year: 1960, month: 2, granularity: 'month' });
    expect(partialDate(1960, 13)).toEqual({ year: 1960, granularity: 'year' });
    expect(partialDate(60)).toBeUndefined();
    expect(parseIsoPartialDate('1960-05')).toEqual({ year: 1960, month: 5, granularity: 'month' });
    expect(parseIsoPartialDate('1960-05-01T00:00:00')).toEqual({ year: 1960, month: 5, day: 1, granularity: 'day' });
    expect(parseSlashDate('00/00/1960')).toEqual({ year: 1960, granularity: 'year' });
    expect(parseSlashDate('05/00/1960')).toEqual({ year: 1960, granularity: 'year' });
    expect(parseSlashDate('dd/07/1960')).toEqual({ year: 1960, month: 7, granularity: 'month' });
    expect(yearRange(1990, 1950).map((d) => d.year)).toEqual([1950, 1990]);
  });
});

describe('csvRecords', () => {
  it('handles quotes, doubled quotes, embedded newlines, CRLF and the OFAC end-of-file byte', async () => {
    const text = 'a,"b ""q"", c",d\r\n1,"multi\r\nline",3\r\n\r\n\x1a';
    expect(await collect(text)).toEqual([
      { fields: ['a', 'b "q", c', 'd'], line: 1 },
      { fields: ['1', 'multi\r\nline', '3'], line: 2 },
    ]);
  });

  it('gives the same records when chunks split quotes and line ends', async () => {
    const text = 'x,"y""z"\r\n"p\nq",r\nlast,row';
    const whole = await collect(text);
    for (let size = 1; size < 6; size += 1) {
      expect(await collect(text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!)).toEqual(whole);
    }
    expect(whole.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('throws ListParseError for an unterminated quote at the end of the text', async () => {
    await expect(collect('a,b\n"open,c\n')).rejects.toEqual(new ListParseError('x.csv', 2, 'unterminated quoted field'));
  });
});
