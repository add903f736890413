/**
 * What the values a step receives must look like, checked twice: on literals when a definition is
 * stored (so a typo fails at create, patch or deploy), and on the evaluated expressions when the
 * step runs (the step then fails with `invalid_step_input`). The screening query bounds are the
 * spec's (names 1–100, business names 1–255, registration numbers ≤ 50, two-letter countries,
 * real calendar dates), the same POST /v1/screenings enforces. Pure.
 */
import { hasVisibleCharacter } from '../../text/visible-text.model.js';
import { SUPPORTED_COUNTRIES } from '../../businesses/registries/supported-countries.js';

/** A check of one value: the problem, or null when it is fine. Absent values are checked by `required`. */
export type ValueCheck = (value: unknown) => string | null;

export interface FieldRule {
  required: boolean;
  check: ValueCheck;
}

export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

const text = (min: number, max: number): ValueCheck => (value) => {
  if (typeof value !== 'string') return 'must be a string';
  if (value.length < min) return `must be at least ${min} character${min === 1 ? '' : 's'}`;
  if (value.length > max) return `must be at most ${max} characters`;
  if (!hasVisibleCharacter(value)) return 'must not be blank (it must show a visible character)';
  return null;
};

const countryCode: ValueCheck = (value) =>
  typeof value === 'string' && /^[A-Za-z]{2}$/.test(value) ? null : 'must be a two-letter country code (ISO 3166-1 alpha-2; ZZ for unknown)';

const calendarDate: ValueCheck = (value) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'must have the format YYYY-MM-DD';
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? null : 'must be a real calendar date';
};

export const uuidValue: ValueCheck = (value) =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? null : 'must be an id (uuid)';

export const httpUrl: ValueCheck = (value) => {
  if (typeof value !== 'string' || value.length > 2048) return 'must be an http or https URL of at most 2048 characters';
  // As the outbound guard: parsing would drop these, and the URL checked would not be the one given.
  if (/[\s\x00-\x1f\x7f]/.test(value)) return 'must be an http or https URL without spaces, line breaks or control characters';
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'must be an http or https URL';
  } catch {
    return 'must be an http or https URL';
  }
};

export const supportedCountry: ValueCheck = (value) =>
  typeof value === 'string' && (SUPPORTED_COUNTRIES as readonly string[]).includes(value.trim().toUpperCase())
    ? null
    : `must be one of ${SUPPORTED_COUNTRIES.join(', ')}`;

const PERSON_QUERY: Record<string, FieldRule> = {
  name_first: { required: true, check: text(1, 100) },
  name_last: { required: true, check: text(1, 100) },
  birthdate: { required: false, check: calendarDate },
  country_code: { required: false, check: countryCode },
};

/** The query fields of each screening type (as POST /v1/screenings takes them). */
export const SCREENING_QUERY_FIELDS: Record<string, Record<string, FieldRule>> = {
  'screening/watchlist': PERSON_QUERY,
  'screening/politically-exposed-person': PERSON_QUERY,
  'screening/business-watchlist': {
    business_name: { required: true, check: text(1, 255) },
    country: { required: true, check: countryCode },
    registration_number: { required: false, check: text(1, 50) },
  },
  'screening/business-adverse-media': {
    business_name: { required: true, check: text(1, 255) },
    country: { required: true, check: countryCode },
  },
};

/** Business lookup inputs besides the country (bounds of POST /v1/businesses). */
export const BUSINESS_LOOKUP_FIELDS: Record<string, FieldRule> = {
  official_name: { required: false, check: text(1, 255) },
  registration_number: { required: false, check: text(1, 50) },
  address: { required: false, check: text(1, 500) },
};

export interface FieldProblem {
  field: string;
  detail: string;
}

/** Checks evaluated values against rules: required fields present, present fields valid. */
export function checkFields(values: Record<string, unknown>, rules: Record<string, FieldRule>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    const value = values[field];
    if (isAbsent(value)) {
      if (rule.required) problems.push({ field, detail: `${field} is required` });
      continue;
    }
    const problem = rule.check(value);
    if (problem) problems.push({ field, detail: `${field} ${problem}` });
  }
  return problems;
}

/** A value emit_event may carry: scalars only, short strings (event payloads carry no documents). */
export function checkEventDataValue(value: unknown, maxString: number): string | null {
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'must be a finite number';
  if (typeof value === 'string') return value.length <= maxString ? null : `must be at most ${maxString} characters`;
  return 'must be a string, number, boolean or null';
}
