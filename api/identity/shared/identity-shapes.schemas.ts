/**
 * The spec's shared identity shapes as zod schemas (request side): Name, Person, Address (accounts
 * and sessions: sublocality, locality, administrative_area), Contact, Identity number, Shareholder,
 * Business. Every member is optional and nullable (a client sends what it knows); values are
 * checked (dates are calendar dates, countries two letters, emails and phones well formed).
 */
import { z } from 'zod';
import { birthDate, calendarDate } from '../../http/validation.js';
import { hasVisibleCharacter } from '../../../activities/text/visible-text.model.js';

const text = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`).refine(hasVisibleCharacter, 'must not be blank (it must show a visible character)');


export const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code (ISO 3166-1 alpha-2)')
  .transform((value) => value.toUpperCase());

export const nameSchema = z.strictObject({
  first: text(100).nullish(),
  middle: text(100).nullish(),
  last: text(100).nullish(),
});

export const personSchema = z.strictObject({
  name: nameSchema.nullish(),
  birth_date: birthDate.nullish(),
});

export const addressSchema = z.strictObject({
  line1: text(200).nullish(),
  line2: text(200).nullish(),
  sublocality: text(100).nullish(),
  locality: text(100).nullish(),
  administrative_area: text(100).nullish(),
  postal_code: text(20).nullish(),
  country_code: countryCode.nullish(),
});

export const contactSchema = z.strictObject({
  email: z.email({ message: 'must be an email address' }).max(254).nullish(),
  phone: z.string().regex(/^\+?[0-9][0-9 ().-]{4,24}$/, 'must be a phone number (digits, optional leading +)').nullish(),
});

/** created_at/updated_at are set by the service; clients may echo them back and they are ignored. */
export const identityNumberSchema = z.strictObject({
  number: text(64),
  issuing_country_code: countryCode.nullish(),
  class: text(40).nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});

export const shareholderSchema = z.strictObject({
  name: text(200),
  shareholder_type: text(40).nullish(),
  date_of_birth: birthDate.nullish(),
  id_type: text(40).nullish(),
  id_number: text(64).nullish(),
  number_of_share: z.string().regex(/^\d+(\.\d+)?$/, 'must be a number written as a string').nullish(),
  percentage_of_share: z.number().min(0, 'must be at least 0').max(100, 'must be at most 100').nullish(),
});

export const businessSchema = z.strictObject({
  legal_name: text(255).nullish(),
  registration_date: calendarDate.nullish(),
  shareholders: z.array(shareholderSchema).max(100, 'at most 100 shareholders').nullish(),
});

export type NameInput = z.output<typeof nameSchema>;
export type PersonInput = z.output<typeof personSchema>;
export type AddressInput = z.output<typeof addressSchema>;
export type ContactInput = z.output<typeof contactSchema>;
export type IdentityNumberInput = z.output<typeof identityNumberSchema>;
export type BusinessInput = z.output<typeof businessSchema>;

/** `{type, id}` reference to another identity resource in a request body. */
export const relationshipRef = <T extends string>(type: T) =>
  z.strictObject({ data: z.strictObject({ type: z.literal(type), id: z.uuid({ message: `must be an ${type} id (uuid)` }) }) });

export const idParams = z.strictObject({ id: z.uuid() });
