// The fields read from a machine-readable zone, and how its codes map to our document_type and sex
// values (the API leaves both free text; these are the values this service emits).

import type { MrzCheckedField, MrzFormat } from './mrz-layout.js';

/**
 * document_type values:
 * - passport: document code P* (TD3)
 * - visa: document code V* (MRV-A, MRV-B)
 * - residence_permit: codes with R as second character (e.g. IR, AR, CR), the EU uniform format
 * - crew_member_certificate: AC (ICAO crew member certificate)
 * - identity_card: every other I*, A*, C* code (TD1/TD2 official travel documents)
 * - unknown: a code ICAO does not define
 */
export type MrzDocumentType = 'passport' | 'visa' | 'residence_permit' | 'crew_member_certificate' | 'identity_card' | 'unknown';

/** sex values: M → male, F → female, '<' or X → unspecified. */
export type MrzSex = 'male' | 'female' | 'unspecified';

export interface MrzName {
  first: string;
  middle?: string;
  last: string;
}

export interface MrzFields {
  format: MrzFormat;
  document_type: MrzDocumentType;
  /** The document code without fillers, e.g. P, I, ID, AC, V. */
  document_class: string;
  issuing_country: string;
  name: MrzName;
  document_number: string;
  nationality: string;
  /** YYYY-MM-DD, or null when the zone holds no valid calendar date. */
  birth_date: string | null;
  sex: MrzSex;
  expiry_date: string | null;
  /** TD3 personal number, or TD1/TD2 optional data (where states put it); null when empty. */
  personal_number: string | null;
  /** Raw optional data fields with fillers removed (TD1 has two). */
  optional_data: string[];
}

export type MrzFailureReason = 'check_digit' | 'invalid_date';

export interface MrzCheckFailure {
  field: MrzCheckedField;
  reason: MrzFailureReason;
}

export function documentTypeOf(documentCode: string): MrzDocumentType {
  const [first, second] = [documentCode[0], documentCode[1]];
  if (first === 'P') return 'passport';
  if (first === 'V') return 'visa';
  if (first === 'A' && second === 'C') return 'crew_member_certificate';
  if (first === 'I' || first === 'A' || first === 'C') return second === 'R' ? 'residence_permit' : 'identity_card';
  return 'unknown';
}

export function sexOf(code: string): MrzSex {
  if (code === 'M') return 'male';
  if (code === 'F') return 'female';
  return 'unspecified';
}

/**
 * The name field: primary identifier (surname) before '<<', secondary identifiers after it, each
 * part's inner fillers being spaces. The first secondary identifier is the first name, the rest
 * the middle names.
 */
export function nameOf(field: string): MrzName {
  const trimmed = field.replace(/<+$/, '');
  const separator = trimmed.indexOf('<<');
  const primary = separator === -1 ? trimmed : trimmed.slice(0, separator);
  const secondary = separator === -1 ? '' : trimmed.slice(separator + 2);
  return nameFromParts(primary.replace(/<+/g, ' '), secondary.split('<').filter((part) => part.length > 0));
}

/** The name from its primary identifier and its secondary identifiers (given names). */
export function nameFromParts(surname: string, givenNames: readonly string[]): MrzName {
  const name: MrzName = { first: givenNames[0] ?? '', last: surname.replace(/\s+/g, ' ').trim() };
  if (givenNames.length > 1) name.middle = givenNames.slice(1).join(' ');
  return name;
}

export function withoutFillers(value: string): string {
  return value.replace(/</g, ' ').trim().replace(/\s+/g, ' ');
}
