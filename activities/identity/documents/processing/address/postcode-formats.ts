// Postcodes as addresses print them, with the town beside them: UK, US, Canadian, Dutch,
// Portuguese, and the 4-5 digit codes of continental Europe. A UK outward code alone ("London W1") is read only
// where the address names the UK, as it is otherwise too much like other things.

export interface PostcodeMatch {
  postal_code: string;
  city?: string;
  subdivision?: string;
  country_code?: string;
}

const MONTHS_AND_NOISE = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|total|page|kwh|eur|gbp|usd)/i;

const FORMATS: readonly ((text: string) => PostcodeMatch | null | undefined)[] = [
  // UK: "LONDON SW1A 1AA", "SW1A 1AA"
  (t) => {
    const m = /^(?:(.*?)[,\s]+)?([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/.exec(t);
    return m && { postal_code: m[2]!.replace(/\s+/, ' '), city: clean(m[1]), country_code: 'GB' };
  },
  // US: "Springfield, IL 62704", "Springfield IL 62704-1234", "IL 62704"
  (t) => {
    const m = /^(?:(.+?),?\s+)?([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(t);
    return m && { postal_code: m[3]!, city: clean(m[1]), subdivision: m[2]!, country_code: 'US' };
  },
  // Canada: "Toronto ON M5V 2T6"
  (t) => {
    const m = /^(?:(.+?),?\s+)?([A-Z]{2})\s+([A-Z]\d[A-Z]\s?\d[A-Z]\d)$/.exec(t);
    return m && { postal_code: m[3]!, city: clean(m[1]), subdivision: m[2]!, country_code: 'CA' };
  },
  // Netherlands: "1012 AB Amsterdam"
  (t) => {
    const m = /^(\d{4}\s?[A-Z]{2})\s+(\p{Lu}[\p{L}' -]+)$/u.exec(t);
    return m && { postal_code: m[1]!, city: clean(m[2]), country_code: 'NL' };
  },
  // Portugal: "1100-053 Lisboa"
  (t) => {
    const m = /^(\d{4}-\d{3})\s+(\p{Lu}[\p{L}' .-]+)$/u.exec(t);
    return m && { postal_code: m[1]!, city: clean(m[2]), country_code: 'PT' };
  },
  // Continental: "75002 Paris", "D-10115 Berlin", "28013 Madrid", "1000 Bruxelles", "00184 Roma RM"
  (t) => {
    const m = /^(?:[A-Z]{1,2}-)?(\d{4,5})\s+(\p{Lu}[\p{L}' .-]+?)(?:\s+\(?([A-Z]{2})\)?)?$/u.exec(t);
    if (!m || MONTHS_AND_NOISE.test(m[2]!)) return undefined;
    return { postal_code: m[1]!, city: clean(m[2]), ...(m[3] ? { subdivision: m[3] } : {}) };
  },
];

export function matchPostcode(text: string): PostcodeMatch | undefined {
  for (const format of FORMATS) {
    const match = format(text.trim());
    if (match) return withoutUndefined(match);
  }
  return undefined;
}

/** "London W1", "Manchester M1": a town and a UK outward code (district) without the inward part. */
export function matchUkDistrict(text: string): PostcodeMatch | undefined {
  const m = /^(\p{L}[\p{L}' .-]*?)\s+([A-Z]{1,2}\d[A-Z\d]?)$/u.exec(text.trim());
  return m ? { postal_code: m[2]!, city: m[1]!.trim(), country_code: 'GB' } : undefined;
}

function withoutUndefined(match: PostcodeMatch): PostcodeMatch {
  return Object.fromEntries(Object.entries(match).filter(([, v]) => v !== undefined)) as unknown as PostcodeMatch;
}

function clean(value: string | undefined): string | undefined {
  const trimmed = value?.replace(/[,\s]+$/, '').trim();
  return trimmed ? trimmed : undefined;
}
