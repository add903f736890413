// Whether the address found on a document is the account's: same postcode (when both have one),
// and one of its street lines (or both together, for "Flat 2, 14 Kingfisher Road") has the same
// house numbers and at least half the street words. Pure.

import type { PostalAddress } from './address-parts.parser.js';
import { foldText, foldedTokens } from './text-folding.js';

export function addressMatches(found: PostalAddress, expected: { line1?: string; postal_code?: string }): boolean {
  const postcode = (v: string) => v.replace(/\s+/g, '').toUpperCase();
  if (expected.postal_code && found.postal_code && postcode(expected.postal_code) !== postcode(found.postal_code)) return false;
  if (!expected.line1) return Boolean(expected.postal_code && found.postal_code);
  const expectedTokens = streetTokens(expected.line1);
  const candidates = [found.line1, found.line2, found.line2 && `${found.line1} ${found.line2}`].filter((l): l is string => Boolean(l));
  return candidates.some((line) => sameStreet(streetTokens(line), expectedTokens));
}

function sameStreet(foundTokens: string[], expectedTokens: string[]): boolean {
  const numbers = (ts: string[]) => ts.filter((t) => /\d/.test(t)).join(' ');
  if (numbers(expectedTokens) !== numbers(foundTokens)) return false;
  const words = expectedTokens.filter((t) => !/\d/.test(t));
  const shared = words.filter((t) => foundTokens.includes(t)).length;
  return words.length === 0 || shared / words.length >= 0.5;
}

const STREET_ABBREVIATIONS: Readonly<Record<string, string>> = {
  st: 'street', rd: 'road', ave: 'avenue', av: 'avenida', ln: 'lane', dr: 'drive', blvd: 'boulevard', ct: 'court', pl: 'place',
  sq: 'square', hwy: 'highway', str: 'strasse', c: 'calle',
};

function streetTokens(line: string): string[] {
  // "Hauptstraße 5" and "Hauptstr. 5" both become "haupt strasse 5".
  const split = foldText(line).replace(/(\p{L})(strasse|str)\b/gu, '$1 $2');
  return foldedTokens(split).map((t) => STREET_ABBREVIATIONS[t] ?? t);
}
