// Finds the postal address block in document text: a line with a postcode (UK, US, Canadian,
// Dutch, or 4-5 digit continental codes followed by a town), plus the street line(s) above it in
// the same column. `pdftotext -layout` keeps columns side by side on one line, separated by wide
// gaps, so lines are split into cells by runs of 3+ spaces and blocks are built from cells that
// start near the same column.

import { foldText, foldedTokens } from './text-folding.js';

export interface PostalAddress {
  line1: string;
  line2?: string;
  city?: string;
  subdivision?: string;
  postal_code: string;
  country_code?: string;
}

export interface AddressFinding {
  address: PostalAddress;
  /** Line indexes the block spans. */
  firstLine: number;
  lastLine: number;
}

interface Cell {
  line: number;
  column: number;
  text: string;
}

interface PostcodeMatch {
  postal_code: string;
  city?: string;
  subdivision?: string;
  country_code?: string;
}

const MONTHS_AND_NOISE = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|total|page|kwh|eur|gbp|usd)/i;

const POSTCODE_FORMATS: readonly ((text: string) => PostcodeMatch | null | undefined)[] = [
  // UK: "LONDON SW1A 1AA", "SW1A 1AA"
  (t) => {
    const m = /^(?:(.*?)[,\s]+)?([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/.exec(t);
    return m && { postal_code: m[2]!.replace(/\s+/, ' '), city: clean(m[1]), country_code: 'GB' };
  },
  // US: "Springfield, IL 62704", "Springfield IL 62704-1234"
  (t) => {
    const m = /^(.+?),?\s+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(t);
    return m && { postal_code: m[3]!, city: clean(m[1]), subdivision: m[2]!, country_code: 'US' };
  },
  // Canada: "Toronto ON M5V 2T6"
  (t) => {
    const m = /^(.+?),?\s+([A-Z]{2})\s+([A-Z]\d[A-Z]\s?\d[A-Z]\d)$/.exec(t);
    return m && { postal_code: m[3]!, city: clean(m[1]), subdivision: m[2]!, country_code: 'CA' };
  },
  // Netherlands: "1012 AB Amsterdam"
  (t) => {
    const m = /^(\d{4}\s?[A-Z]{2})\s+(\p{Lu}[\p{L}' -]+)$/u.exec(t);
    return m && { postal_code: m[1]!, city: clean(m[2]), country_code: 'NL' };
  },
  // Continental: "75002 Paris", "D-10115 Berlin", "28013 Madrid", "1000 Bruxelles", "00184 Roma RM"
  (t) => {
    const m = /^(?:[A-Z]{1,2}-)?(\d{4,5})\s+(\p{Lu}[\p{L}' .-]+?)(?:\s+\(?([A-Z]{2})\)?)?$/u.exec(t);
    if (!m || MONTHS_AND_NOISE.test(m[2]!)) return undefined;
    return { postal_code: m[1]!, city: clean(m[2]), ...(m[3] ? { subdivision: m[3] } : {}) };
  },
];

const STREET_WORDS =
  /\b(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|close|court|ct|place|pl|terrace|crescent|square|sq|gardens|grove|hill|park|row|walk|mews|highway|hwy|rue|chemin|allee|impasse|quai|cours|route|strasse|str|weg|platz|gasse|allee|ring|damm|calle|c|avenida|av|paseo|plaza|camino|via|viale|piazza|corso|vicolo|straat|laan|plein|gracht|kade|rua|travessa)\b/;
const GERMANIC_STREET = /(?:strasse|str\.?|weg|platz|gasse|allee|ring|damm|straat|laan|plein|gracht|kade)\s*\d/;

export function findPostalAddress(lines: readonly string[]): AddressFinding | undefined {
  const cells = lines.flatMap(cellsOf);
  for (const cell of cells) {
    const postcode = matchPostcode(cell.text);
    if (!postcode) continue;
    const above = blockAbove(cells, cell);
    // The street line nearest the postcode (a letterhead or name may sit above), with a flat or
    // unit line just before it ("Flat 2" / "14 Kingfisher Road").
    let streetAt = above.findLastIndex((c) => isStreetLine(c) && !isUnitLine(c));
    if (streetAt === -1) continue;
    if (streetAt > 0 && isUnitLine(above[streetAt - 1]!)) streetAt--;
    const streetLines = above.slice(streetAt);
    const address: PostalAddress = { line1: streetLines[0]!.text, postal_code: postcode.postal_code };
    const extra = streetLines.slice(1).map((c) => c.text);
    if (!postcode.city && extra.length > 0) postcode.city = extra.pop();
    if (extra.length > 0) address.line2 = extra.join(', ');
    if (postcode.city) address.city = postcode.city;
    if (postcode.subdivision) address.subdivision = postcode.subdivision;
    if (postcode.country_code) address.country_code = postcode.country_code;
    return { address, firstLine: streetLines[0]!.line, lastLine: cell.line };
  }
  return undefined;
}

/**
 * Whether a found address is the expected one: same postcode, and one of its street lines (or
 * both together, for "Flat 2, 14 Kingfisher Road") has the same house numbers and at least half
 * the street words.
 */
export function addressMatches(found: PostalAddress, expected: { line1?: string; postal_code?: string }): boolean {
  const postcode = (v: string) => v.replace(/\s+/g, '').toUpperCase();
  if (expected.postal_code && postcode(expected.postal_code) !== postcode(found.postal_code)) return false;
  if (!expected.line1) return Boolean(expected.postal_code);
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

function cellsOf(line: string, index: number): Cell[] {
  const cells: Cell[] = [];
  for (const m of line.matchAll(/\S+(?: {1,2}\S+)*/g)) cells.push({ line: index, column: m.index, text: m[0].trim() });
  return cells;
}

function matchPostcode(text: string): PostcodeMatch | undefined {
  for (const format of POSTCODE_FORMATS) {
    const match = format(text.trim());
    if (match) return withoutUndefined(match);
  }
  return undefined;
}

// Up to three cells above `cell`, in the same column. OCR output often has a blank line between
// the lines of one block, so a single blank line is passed over; two end the block.
function blockAbove(cells: readonly Cell[], cell: Cell): Cell[] {
  const block: Cell[] = [];
  let blanks = 0;
  for (let line = cell.line - 1; line >= 0 && block.length < 3; line--) {
    const onLine = cells.filter((c) => c.line === line);
    if (onLine.length === 0) {
      if (++blanks > 1) break;
      continue;
    }
    blanks = 0;
    const above = onLine.find((c) => Math.abs(c.column - cell.column) <= 4);
    if (!above) break;
    block.unshift(above);
  }
  return block;
}

function isStreetLine(cell: Cell): boolean {
  const folded = foldText(cell.text);
  if (/^(?:po box|p\.o\. box|bp|postfach|apartado)\b/.test(folded)) return true;
  if (!/\d/.test(folded)) return false;
  return STREET_WORDS.test(folded) || GERMANIC_STREET.test(folded) || isUnitLine(cell);
}

function isUnitLine(cell: Cell): boolean {
  return /^(?:flat|apartment|apt|unit|suite|appartement|wohnung|piso)\b/.test(foldText(cell.text));
}

function withoutUndefined(match: PostcodeMatch): PostcodeMatch {
  return Object.fromEntries(Object.entries(match).filter(([, v]) => v !== undefined)) as unknown as PostcodeMatch;
}

function clean(value: string | undefined): string | undefined {
  const trimmed = value?.replace(/[,\s]+$/, '').trim();
  return trimmed ? trimmed : undefined;
}
