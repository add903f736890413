// Validates and normalises the search parameters of POST /v1/businesses before any registry is
// called. Per the spec: US needs official_name and address; BR and GB need registration_number;
// ZZ (the test registry) needs at least one of official_name, registration_number, address; any
// other country is refused with the list of supported ones. Beyond the spec's presence rules:
// a BR registration_number must be a CNPJ with valid check digits and a GB one a UK company
// number (both are normalised, see cnpj.ts and uk-company-number.ts); lengths are capped as the
// spec caps the screening fields (names 255, registration numbers 50) and addresses at 500.
// Blank strings count as absent. Errors point at the request member they concern.

import type { LookupInput, SupportedCountry } from '../registries/registry-adapter.js';
import { SUPPORTED_COUNTRIES } from '../registries/supported-countries.js';
import { hasVisibleCharacter } from '../../text/visible-text.model.js';
import { normaliseCnpj } from './cnpj.js';
import { normaliseUkCompanyNumber } from './uk-company-number.js';

export const SEARCH_PARAMETERS_POINTER = '/data/meta/search_parameters';
export const COUNTRY_POINTER = `${SEARCH_PARAMETERS_POINTER}/country`;
export const INPUT_POINTER = `${SEARCH_PARAMETERS_POINTER}/input`;

export interface FieldError {
  pointer: string;
  detail: string;
}

export type LookupValidation = { ok: true; country: SupportedCountry; input: LookupInput } | { ok: false; errors: FieldError[] };

type InputField = keyof LookupInput;

const MAX_LENGTH: Readonly<Record<InputField, number>> = { official_name: 255, registration_number: 50, address: 500 };

const REQUIRED: Readonly<Record<Exclude<SupportedCountry, 'ZZ'>, readonly InputField[]>> = {
  US: ['official_name', 'address'],
  BR: ['registration_number'],
  GB: ['registration_number'],
};

export function validateLookupRequest(request: { country: unknown; input: unknown }): LookupValidation {
  const errors: FieldError[] = [];
  const country = readCountry(request.country, errors);
  const input = readInput(request.input, errors);
  if (country === null || input === null) return { ok: false, errors };

  if (country === 'ZZ') {
    if (input.official_name === undefined && input.registration_number === undefined && input.address === undefined) {
      errors.push({ pointer: INPUT_POINTER, detail: 'at least one of official_name, registration_number or address is required when country is ZZ' });
    }
  } else {
    for (const field of REQUIRED[country]) {
      if (input[field] === undefined) errors.push({ pointer: fieldPointer(field), detail: `${field} is required when country is ${country}` });
    }
  }

  if (input.registration_number !== undefined && (country === 'BR' || country === 'GB')) {
    const normalised = country === 'BR' ? normaliseCnpj(input.registration_number) : normaliseUkCompanyNumber(input.registration_number);
    if (normalised.ok) input.registration_number = normalised.value;
    else errors.push({ pointer: fieldPointer('registration_number'), detail: `registration_number ${normalised.detail}` });
  }

  return errors.length > 0 ? { ok: false, errors } : { ok: true, country, input };
}

function fieldPointer(field: InputField): string {
  return `${INPUT_POINTER}/${field}`;
}

function readCountry(value: unknown, errors: FieldError[]): SupportedCountry | null {
  const supported = SUPPORTED_COUNTRIES.join(', ');
  if (typeof value !== 'string' || !hasVisibleCharacter(value)) {
    errors.push({ pointer: COUNTRY_POINTER, detail: `country is required; supported countries: ${supported}` });
    return null;
  }
  const code = value.trim().toUpperCase();
  if (!(SUPPORTED_COUNTRIES as readonly string[]).includes(code)) {
    errors.push({ pointer: COUNTRY_POINTER, detail: `country ${JSON.stringify(value.trim().slice(0, 10))} is not supported; supported countries: ${supported}` });
    return null;
  }
  return code as SupportedCountry;
}

function readInput(value: unknown, errors: FieldError[]): LookupInput | null {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    errors.push({ pointer: INPUT_POINTER, detail: 'input must be an object' });
    return null;
  }
  const raw = value as Record<string, unknown>;
  const input: LookupInput = {};
  let valid = true;
  for (const field of Object.keys(MAX_LENGTH) as InputField[]) {
    const member = raw[field];
    if (member === undefined || member === null) continue;
    if (typeof member !== 'string') {
      errors.push({ pointer: fieldPointer(field), detail: `${field} must be a string` });
      valid = false;
      continue;
    }
    const trimmed = member.trim();
    // Blank — including text made only of invisible characters (U+200B …) — counts as absent.
    if (!hasVisibleCharacter(trimmed)) continue;
    if (trimmed.length > MAX_LENGTH[field]) {
      errors.push({ pointer: fieldPointer(field), detail: `${field} must be at most ${MAX_LENGTH[field]} characters` });
      valid = false;
      continue;
    }
    input[field] = trimmed;
  }
  return valid ? input : null;
}
export type { LookupInput, SupportedCountry } from '../registries/registry-adapter.js';
