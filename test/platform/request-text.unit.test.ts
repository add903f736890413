/**
 * Query strings (api/http/request-text.ts): the fast path for plain printable ASCII gives exactly
 * what decoding, checking and normalising give; everything else still goes through them.
 */
import { describe, expect, it } from 'vitest';
import { parseQueryString } from '../../api/http/request-text.js';

/** The rules written out plainly: decode, refuse NUL / lone surrogates / U+FFFD, NFC. */
function reference(raw: string) {
  const query: Record<string, string | string[]> = {};
  for (const piece of raw.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const name = decodeURIComponent((eq === -1 ? piece : piece.slice(0, eq)).replace(/\+/g, ' ')).normalize('NFC');
    const value = decodeURIComponent((eq === -1 ? '' : piece.slice(eq + 1)).replace(/\+/g, ' ')).normalize('NFC');
    const existing = Object.hasOwn(query, name) ? query[name] : undefined;
    Object.defineProperty(query, name, { value: existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value], enumerable: true, writable: true, configurable: true });
  }
  return query;
}

describe('parseQueryString', () => {
  it('gives what decoding and normalising give, for plain and escaped parameters alike', () => {
    const printable = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).filter((c) => c !== '&' && c !== '%' && c !== '+' && c !== '=');
    const cases = [
      'page[size]=10',
      'page[size]=10&filter[type]=screening/watchlist&page[after]=0b7c1a4e-8d4f-4c47-9c5e-0f7e7c0e3a11',
      `x=${printable.join('')}`,
      `${printable.join('')}=1`,
      'a=1&a=2&a=3',
      'flag&empty=&=novalue',
      'a=b=c',
      '__proto__=x&constructor=y',
      'name=Jos%C3%A9&q=a+b&r=%2B',
      'n=e%CC%81', // e + combining acute: NFC makes it é
      'filter%5Btype%5D=x',
      'a=~!$\'()*,;:@/?[]',
    ];
    for (const raw of cases) {
      const parsed = parseQueryString(raw);
      expect(parsed.issues, raw).toEqual([]);
      expect(parsed.query, raw).toEqual(reference(raw));
      expect(Object.getPrototypeOf(parsed.query)).toBe(Object.prototype);
    }
    expect(parseQueryString('n=e%CC%81').query.n).toBe('\u00e9');
    expect(Object.keys(parseQueryString('__proto__=x').query)).toEqual(['__proto__']);
  });

  it('still refuses what the rules refuse, escaped or not', () => {
    for (const raw of ['a=%00', 'a=%FF', 'a=%ED%A0%80', 'a=%EF%BF%BD', 'a=%', 'a\u0000=1', 'a=\u007f\u0000']) {
      expect(parseQueryString(raw).issues.length, raw).toBeGreaterThan(0);
    }
  });
});
