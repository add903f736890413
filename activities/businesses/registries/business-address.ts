// Builds the spec's Business address from the parts a registry gives, so every adapter fills
// the same fields the same way: absent parts are null, `formatted_address` is the registry's
// one-line form when it has one (else the parts joined), and the country becomes an ISO 3166-1
// alpha-2 code when the name is one we recognise.

import type { BusinessAddress } from './business-record.model.js';
import { joinPresent, text } from './registry-values.js';

export interface AddressParts {
  formatted_address?: string | null | undefined;
  street?: string | null | undefined;
  street2?: string | null | undefined;
  po_box?: string | null | undefined;
  city?: string | null | undefined;
  state_or_province?: string | null | undefined;
  postal_code?: string | null | undefined;
  country?: string | null | undefined;
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
}

/** Null when no part at all is present, so a registry without an address yields null. */
export function buildAddress(parts: AddressParts): BusinessAddress | null {
  const street = text(parts.street);
  const street2 = text(parts.street2);
  const poBox = text(parts.po_box);
  const city = text(parts.city);
  const state = text(parts.state_or_province);
  const postalCode = text(parts.postal_code);
  const countryText = text(parts.country);
  const country = countryText === null ? null : countryCode(countryText);
  const formatted =
    text(parts.formatted_address)?.replace(/\s*\n\s*/g, ', ') ??
    joinPresent([poBox === null ? null : `PO Box ${poBox}`, street, street2, city, state, postalCode, countryText], ', ');
  if (formatted === null && country === null) return null;
  return {
    formatted_address: formatted,
    street,
    city,
    state_or_province: state,
    postal_code: postalCode,
    country,
    street2,
    po_box: poBox,
    latitude: null,
    longitude: null,
    start_date: text(parts.start_date),
    end_date: text(parts.end_date),
    translation: null,
  };
}

// Names registries use for the three countries we serve, lower-cased. UK registries name the
// constituent country; all of them are GB in ISO 3166-1.
const COUNTRY_CODES: Readonly<Record<string, string>> = {
  'united kingdom': 'GB',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  wales: 'GB',
  scotland: 'GB',
  'northern ireland': 'GB',
  'england and wales': 'GB',
  'england & wales': 'GB',
  gb: 'GB',
  brazil: 'BR',
  brasil: 'BR',
  br: 'BR',
  'united states': 'US',
  'united states of america': 'US',
  usa: 'US',
  us: 'US',
};

/** ISO 3166-1 alpha-2 for a recognised country name or code; the input unchanged otherwise. */
export function countryCode(name: string): string {
  return COUNTRY_CODES[name.trim().toLowerCase().replace(/\s+/g, ' ')] ?? name.trim();
}
