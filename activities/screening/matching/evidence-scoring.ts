/**
 * Evidence beyond the name: birth date, country and company registration number. Each returns a
 * score adjustment added to the name score and the match type that explains it.
 *   birth date   a filter with a tolerance of BIRTH_YEAR_TOLERANCE (one year), plus a small bonus
 *                when the dates agree: same year: exact day +0.08, same month +0.05 (day and month
 *                swapped counts), same year +0.03. Within the tolerance but not the same year: no
 *                change, `birthdate_approximate`. Beyond it, a clear conflict (`conflict: true`) that
 *                removes the hit (search reports it as a near match instead). Full dates conflict
 *                when more than 366 days apart (either reading of a swapped day and month),
 *                month-precise dates when more than 12 months apart, and year-only listed dates (or
 *                a year-only query) when the years are more than one apart. With several listed dates
 *                the best one counts, so a query date within the tolerance of any of them is no conflict.
 *   country      any shared country +0.03, none shared -0.03 (only when both sides give countries)
 *   registration the same normalised number (at least 5 characters): +0.25 and a floor of 0.9
 */
import type { Identifier, PartialDate } from '../lists/list-entity.js';

export interface Evidence {
  adjustment: number;
  matchType?: 'birthdate_exact' | 'birthdate_month' | 'birthdate_year' | 'birthdate_approximate' | 'birthdate_conflict' | 'country' | 'country_conflict' | 'registration_number';
  /** Birth dates only: every listed date is a clear conflict with the query's. */
  conflict?: boolean;
}

/**
 * Birth years this far apart still agree: ages estimated from documents and "about 1970" listings
 * are often one year off. Further apart is a clear conflict.
 */
export const BIRTH_YEAR_TOLERANCE = 1;
/** The most birth date and country can add (registration numbers are handled apart). */
export const MAX_PERSON_EVIDENCE_BONUS = 0.08 + 0.03;

export interface QueryDate {
  year: number;
  month?: number;
  day?: number;
}

/** Parses YYYY, YYYY-MM or YYYY-MM-DD; anything else is ignored (no evidence). */
export function parseQueryDate(text: string | undefined): QueryDate | undefined {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text?.trim() ?? '');
  if (!m) return undefined;
  const date: QueryDate = { year: Number(m[1]) };
  if (m[2]) date.month = Number(m[2]);
  if (m[3]) date.day = Number(m[3]);
  return date;
}

const dayNumber = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / 86_400_000;

/** Whether two birth dates are further apart than the tolerance, each compared at the precision both give. */
export function beyondTolerance(q: QueryDate, d: PartialDate): boolean {
  if (d.granularity === 'day' && d.month !== undefined && d.day !== undefined && q.month !== undefined && q.day !== undefined) {
    const listed = dayNumber(d.year, d.month, d.day);
    const direct = Math.abs(dayNumber(q.year, q.month, q.day) - listed);
    const swapped = q.day <= 12 ? Math.abs(dayNumber(q.year, q.day, q.month) - listed) : Number.POSITIVE_INFINITY;
    return Math.min(direct, swapped) > 366 * BIRTH_YEAR_TOLERANCE;
  }
  if (d.granularity !== 'year' && d.month !== undefined && q.month !== undefined) {
    return Math.abs(q.year * 12 + q.month - (d.year * 12 + d.month)) > 12 * BIRTH_YEAR_TOLERANCE;
  }
  return Math.abs(q.year - d.year) > BIRTH_YEAR_TOLERANCE;
}

function compareDate(q: QueryDate, d: PartialDate): Evidence {
  if (beyondTolerance(q, d)) return { adjustment: 0, matchType: 'birthdate_conflict', conflict: true };
  if (q.year !== d.year) return { adjustment: 0, matchType: 'birthdate_approximate' };
  if (q.month === undefined || d.month === undefined || d.granularity === 'year') {
    return { adjustment: 0.03, matchType: 'birthdate_year' };
  }
  const sameMonth = q.month === d.month;
  // Day and month swapped (03/04 vs 04/03) is a common data entry slip: treat as same month.
  const swapped = q.day !== undefined && d.day !== undefined && q.day === d.month && q.month === d.day;
  if (!sameMonth && !swapped) return { adjustment: 0, matchType: 'birthdate_year' };
  if (swapped && !sameMonth) return { adjustment: 0.05, matchType: 'birthdate_month' };
  if (q.day === undefined || d.day === undefined || d.granularity !== 'day') return { adjustment: 0.05, matchType: 'birthdate_month' };
  return q.day === d.day ? { adjustment: 0.08, matchType: 'birthdate_exact' } : { adjustment: 0.02, matchType: 'birthdate_month' };
}

/** Agreement first, then the larger bonus. */
const better = (a: Evidence, b: Evidence) => (a.conflict ? 0 : 1) - (b.conflict ? 0 : 1) || a.adjustment - b.adjustment;

export function birthDateEvidence(query: QueryDate | undefined, dates: PartialDate[]): Evidence {
  if (!query || dates.length === 0) return { adjustment: 0 };
  let best: Evidence | undefined;
  for (const d of dates) {
    const e = compareDate(query, d);
    if (!best || better(e, best) > 0) best = e;
  }
  return best ?? { adjustment: 0 };
}

export function countryEvidence(queryCountry: string | undefined, countries: string[]): Evidence {
  if (!queryCountry || countries.length === 0) return { adjustment: 0 };
  const q = queryCountry.trim().toLowerCase();
  if (q.length !== 2) return { adjustment: 0 };
  return countries.some((c) => c.toLowerCase() === q)
    ? { adjustment: 0.03, matchType: 'country' }
    : { adjustment: -0.03, matchType: 'country_conflict' };
}

/** Upper-case letters and digits only, leading zeros dropped ("HRB 12345" = "hrb-012345"). */
export function normaliseRegistrationNumber(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '').replace(/^0+(?=\d)/, '');
}

const REGISTRATION_TYPES = new Set(['registration_number', 'lei', 'vat', 'tax_id', 'inn', 'ogrn', 'duns', 'swift', 'bic',
  'company_number', 'business_registration', 'imo', 'other']);

export function isRegistrationIdentifier(id: Identifier): boolean {
  return REGISTRATION_TYPES.has(id.type.toLowerCase());
}

export function registrationEvidence(queryNumber: string | undefined, identifiers: Identifier[]): Evidence {
  if (!queryNumber) return { adjustment: 0 };
  const q = normaliseRegistrationNumber(queryNumber);
  if (q.length < 5) return { adjustment: 0 };
  const hit = identifiers.some((id) => isRegistrationIdentifier(id) && normaliseRegistrationNumber(id.value) === q);
  return hit ? { adjustment: 0.25, matchType: 'registration_number' } : { adjustment: 0 };
}
