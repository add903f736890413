/**
 * Maps the country names, codes and nationality adjectives that lists write into
 * ISO 3166-1 alpha-2 codes, so every parser reports countries the same way.
 */
import { COUNTRY_NAME_TABLE } from './country-names.data.js';

/** Lower-case, strip accents and punctuation, so "Côte d’Ivoire" and "Cote d'Ivoire" meet. */
export function normalizeCountryKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[’'`.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

function buildIndex(): { byName: Map<string, string>; codes: Set<string> } {
  const byName = new Map<string, string>();
  const codes = new Set<string>();
  for (const raw of COUNTRY_NAME_TABLE.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const code = line.slice(0, 2);
    codes.add(code);
    const [names = '', demonyms = ''] = line.slice(3).split(' / ');
    for (const label of [...names.split(';'), ...demonyms.split(';')]) {
      const key = normalizeCountryKey(label);
      // First writer wins: a country's own name beats another's adjective.
      if (key && !byName.has(key)) byName.set(key, code);
    }
  }
  return { byName, codes };
}

const { byName, codes: ISO_CODES } = buildIndex();

/** Whether `code` (any case) is an ISO 3166-1 alpha-2 code this table knows (plus XK, Kosovo). */
export function isIsoCountryCode(code: string): boolean {
  return ISO_CODES.has(code.toUpperCase());
}

/**
 * ISO alpha-2 code for a country name, ISO code or nationality adjective; undefined when unknown.
 * Two-letter input is taken as a code ("ru" -> "RU"); "UK" is mapped to "GB".
 */
export function countryToIso2(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  // OFAC addresses write disputed areas as "Region: Gaza".
  const trimmed = text.trim().replace(/^Region:\s*/i, '');
  if (trimmed.length === 2 && /^[A-Za-z]{2}$/.test(trimmed)) {
    const upper = trimmed.toUpperCase();
    if (upper === 'UK') return 'GB';
    return ISO_CODES.has(upper) ? upper : undefined;
  }
  const key = normalizeCountryKey(trimmed);
  const direct = byName.get(key);
  if (direct) return direct;
  // "Russia (Moscow region)": try the part before a bracket.
  const bracket = trimmed.indexOf('(');
  if (bracket > 0) return byName.get(normalizeCountryKey(trimmed.slice(0, bracket)));
  return undefined;
}

/** Adds `code` to `into` once (keeps first-seen order, which follows the source). */
export function addCountry(into: string[], code: string | undefined): void {
  if (code && !into.includes(code)) into.push(code);
}
