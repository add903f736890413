// The business record a registry lookup produces: the `attributes` of the spec's "Business record
// (registry lookup result)", field for field. Every registry adapter maps its own response into
// this one shape; the API serialises it as-is. A field is null (or an empty array) when the
// registry behind the adapter does not publish that fact — never a guessed value.
//
// Conventions shared by all adapters (see each adapter's header for what it fills):
// - Dates are ISO 8601 calendar dates (YYYY-MM-DD) as the registry gives them; a birth date
//   known only to the month (Companies House) is YYYY-MM.
// - `country` in an address is an ISO 3166-1 alpha-2 code when the registry's value is
//   recognised (England, Scotland, ... become GB), otherwise the registry's text.
// - `is_registered` is true while the business is on the register, false once it has been
//   dissolved, struck off or closed (the record still describes it; `status` says which).
// - `translation` carries English renderings of registry-language values (Brazil); it is null
//   where the registry already answers in English.

/** English renderings of the record's registry-language values (spec shape "Translation"). */
export interface Translation {
  official_name: string | null;
  status: string | null;
  legal_form: string | null;
}

/** Spec shape "Business address". */
export interface BusinessAddress {
  formatted_address: string | null;
  street: string | null;
  city: string | null;
  state_or_province: string | null;
  postal_code: string | null;
  country: string | null;
  street2: string | null;
  po_box: string | null;
  latitude: number | null;
  longitude: number | null;
  start_date: string | null;
  end_date: string | null;
  translation: Translation | null;
}

/** A registry identifier such as a company number or a CNPJ; `type` names the scheme. */
export interface BusinessIdentifier {
  type: string;
  value: string;
}

/** One activity classification code (UK SIC 2007, CNAE, NAICS, ...). */
export interface IndustryClassification {
  code: string;
  description: string | null;
  /** The classification scheme, e.g. "UK SIC 2007", "CNAE". */
  system: string;
  /** True only where the registry itself designates a principal activity. */
  is_primary: boolean;
  translation: Translation | null;
}

export interface MoneyAmount {
  amount: number;
  /** ISO 4217 code. */
  currency: string;
}

export interface BusinessCapital {
  registered: MoneyAmount | null;
  paid_up: MoneyAmount | null;
}

/** Spec shape "Officer": a director, secretary, administrator, agent, ... */
export interface BusinessOfficer {
  name: string;
  /** The role as the registry words it (e.g. "director", "Sócio-Administrador"). */
  type: string | null;
  date_of_birth: string | null;
  id_type: string | null;
  id_number: string | null;
  start_date: string | null;
  end_date: string | null;
  address_detail: BusinessAddress | null;
  translation: Translation | null;
  /** US states (postal codes) whose registry lists this officer; empty outside the US. */
  states: string[];
  /** The registries the officer was read from. */
  sources: string[];
}

/** Spec shape "Business shareholder": the Shareholder fields plus dates and a translation. */
export interface BusinessShareholder {
  name: string;
  /** individual | corporate | legal_person | foreign | undisclosed */
  shareholder_type: string | null;
  date_of_birth: string | null;
  id_type: string | null;
  id_number: string | null;
  number_of_share: string | null;
  percentage_of_share: number | null;
  effective_date: string | null;
  end_date: string | null;
  translation: Translation | null;
}

export interface BusinessContact {
  /** phone | fax | email | website */
  type: string;
  value: string;
  description: string | null;
  start_date: string | null;
  end_date: string | null;
}

export interface BusinessNameHistoryEntry {
  name: string;
  effective_date: string | null;
  end_date: string | null;
  translation: Translation | null;
}

export interface BusinessActivity {
  activity: string;
  date: string | null;
}

export interface AnnualReturn {
  year_of_filing: number | null;
  annual_meeting_date: string | null;
}

/** The `attributes` of a business record, as the registry lookup fills them. */
export interface BusinessRecordAttributes {
  is_registered: boolean;
  official_name: string | null;
  status: string | null;
  legal_form: string | null;
  registration_date: string | null;
  dissolution_date: string | null;
  translation: Translation | null;
  registered_address: BusinessAddress | null;
  physical_address: BusinessAddress | null;
  identifiers: BusinessIdentifier[];
  industry: IndustryClassification[];
  capital: BusinessCapital | null;
  officers: BusinessOfficer[];
  shareholders: BusinessShareholder[];
  contacts: BusinessContact[];
  name_history: BusinessNameHistoryEntry[];
  activity_history: BusinessActivity[];
  latest_annual_return: AnnualReturn | null;
}

/** A record with nothing filled in: every field present, null or []. Registries spread their facts over it. */
export function emptyBusinessRecord(): BusinessRecordAttributes {
  return {
    is_registered: false,
    official_name: null,
    status: null,
    legal_form: null,
    registration_date: null,
    dissolution_date: null,
    translation: null,
    registered_address: null,
    physical_address: null,
    identifiers: [],
    industry: [],
    capital: null,
    officers: [],
    shareholders: [],
    contacts: [],
    name_history: [],
    activity_history: [],
    latest_annual_return: null,
  };
}
