/**
 * The query shapes of the four screening types, with the spec's bounds: name_first/name_last 1–100
 * characters, birthdate YYYY-MM-DD (a real calendar date, not in the future, from 1850), country_code/country exactly 2 letters,
 * business_name 1–255, registration_number at most 50. Optional fields may be omitted or null.
 * A violation is a 422 whose pointer names the field (/data/attributes/query/<field>).
 */
import { z } from 'zod';
import { birthDate } from '../http/validation.js';
import { hasVisibleCharacter } from '../../activities/text/visible-text.model.js';

function text(min: number, max: number) {
  return z
    .string()
    .min(min, `must be at least ${min} character${min === 1 ? '' : 's'}`)
    .max(max, `must be at most ${max} characters`)
    .refine(hasVisibleCharacter, 'must not be blank (it must show a visible character)');
}

const countryCode = z
  .string()
  .length(2, 'must be exactly 2 characters')
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code (ISO 3166-1 alpha-2; ZZ for unknown)');


/** Optional fields: absent or null mean the same. */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

export const personQuery = z.strictObject({
  name_first: text(1, 100),
  name_last: text(1, 100),
  birthdate: optional(birthDate),
  country_code: optional(countryCode),
});

export const businessWatchlistQuery = z.strictObject({
  business_name: text(1, 255),
  country: countryCode,
  registration_number: optional(z.string().max(50, 'must be at most 50 characters')),
});

export const adverseMediaQuery = z.strictObject({
  business_name: text(1, 255),
  country: countryCode,
});

/** The stored query: what was submitted, without the optional fields left empty. */
export function storedQuery(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}
