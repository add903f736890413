/**
 * Turns validated request shapes into the stored (and returned) values: every member present,
 * null when not given, so clients read one shape. Identity numbers get their service-set
 * created_at/updated_at here (kept for a number that was already on the record).
 */
import type { AddressInput, BusinessInput, ContactInput, IdentityNumberInput, PersonInput } from './identity-shapes.schemas.js';

export interface NameValue { first: string | null; middle: string | null; last: string | null }
export interface PersonValue { name: NameValue; birth_date: string | null }
export interface AddressValue {
  line1: string | null; line2: string | null; sublocality: string | null; locality: string | null;
  administrative_area: string | null; postal_code: string | null; country_code: string | null;
}
export interface ContactValue { email: string | null; phone: string | null }
export interface IdentityNumberValue { number: string; issuing_country_code: string | null; class: string | null; created_at: string; updated_at: string }
export interface ShareholderValue {
  name: string; shareholder_type: string | null; date_of_birth: string | null; id_type: string | null;
  id_number: string | null; number_of_share: string | null; percentage_of_share: number | null;
}
export interface BusinessValue { legal_name: string | null; registration_date: string | null; shareholders: ShareholderValue[] }

const v = <T>(value: T | null | undefined): T | null => value ?? null;

export function personValue(input: PersonInput | null | undefined): PersonValue | null {
  if (!input) return null;
  return { name: { first: v(input.name?.first), middle: v(input.name?.middle), last: v(input.name?.last) }, birth_date: v(input.birth_date) };
}

export function addressValue(input: AddressInput | null | undefined): AddressValue | null {
  if (!input) return null;
  return {
    line1: v(input.line1), line2: v(input.line2), sublocality: v(input.sublocality), locality: v(input.locality),
    administrative_area: v(input.administrative_area), postal_code: v(input.postal_code), country_code: v(input.country_code),
  };
}

export function contactValue(input: ContactInput | null | undefined): ContactValue | null {
  if (!input) return null;
  return { email: v(input.email), phone: v(input.phone) };
}

export function businessValue(input: BusinessInput | null | undefined): BusinessValue | null {
  if (!input) return null;
  return {
    legal_name: v(input.legal_name),
    registration_date: v(input.registration_date),
    shareholders: (input.shareholders ?? []).map((s) => ({
      name: s.name, shareholder_type: v(s.shareholder_type), date_of_birth: v(s.date_of_birth), id_type: v(s.id_type),
      id_number: v(s.id_number), number_of_share: v(s.number_of_share), percentage_of_share: v(s.percentage_of_share),
    })),
  };
}

const sameNumber = (a: { number: string; issuing_country_code: string | null; class: string | null }, b: typeof a) =>
  a.number === b.number && a.issuing_country_code === b.issuing_country_code && a.class === b.class;

export function identityNumberValue(input: IdentityNumberInput, now: Date, existing: readonly IdentityNumberValue[] = []): IdentityNumberValue {
  const candidate = { number: input.number, issuing_country_code: v(input.issuing_country_code), class: v(input.class) };
  const kept = existing.find((e) => sameNumber(e, candidate));
  if (kept) return kept;
  const at = now.toISOString();
  return { ...candidate, created_at: at, updated_at: at };
}

export function identityNumbersValue(inputs: readonly IdentityNumberInput[] | null | undefined, now: Date, existing: readonly IdentityNumberValue[] = []): IdentityNumberValue[] {
  return (inputs ?? []).map((input) => identityNumberValue(input, now, existing));
}
