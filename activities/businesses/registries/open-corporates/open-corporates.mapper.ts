// Maps an OpenCorporates company (full form) onto the business record. Pure.
//
// Filled: is_registered (false when OpenCorporates marks the company inactive or dissolved),
// official_name, status (current_status; "Active"/"Inactive" from the inactive flag when the
// state registry gives no status text), legal_form (company_type), registration_date
// (incorporation_date), dissolution_date, registered_address, identifiers (company number,
// jurisdiction code, native number, and OpenCorporates identifiers such as us_fein or lei),
// industry (with the code scheme name as system; none is primary — OpenCorporates does not rank
// them), officers (with `states` = the registering state, plus the registered agent when only
// agent_name carries it), shareholders (ultimate beneficial owners, where published),
// name_history (previous_names), activity_history (filings, newest first) and
// latest_annual_return.year_of_filing (newest annual report / statement of information filing).
// Not published for US companies, so null/empty: translation, physical_address, capital,
// contacts, officer dates of birth and ids, share percentages, annual_meeting_date, coordinates.

import { buildAddress } from '../business-address.js';
import type { AnnualReturn, BusinessActivity, BusinessIdentifier, BusinessOfficer, BusinessRecordAttributes } from '../business-record.model.js';
import { isoDate, text } from '../registry-values.js';
import type { OcAddress, OcCompany } from './open-corporates.types.js';

const ANNUAL_FILING = /annual (report|return|list|statement)|statement of information|biennial (report|statement)/i;

export function mapOpenCorporatesRecord(company: OcCompany): BusinessRecordAttributes {
  const dissolved = isoDate(company.dissolution_date);
  const state = usState(company.jurisdiction_code);
  const source = text(company.source?.publisher) ?? 'OpenCorporates';
  const activity = activityOf(company);
  return {
    is_registered: company.inactive !== true && dissolved === null,
    official_name: text(company.name),
    status: text(company.current_status) ?? (company.inactive === true ? 'Inactive' : company.inactive === false ? 'Active' : null),
    legal_form: text(company.company_type),
    registration_date: isoDate(company.incorporation_date),
    dissolution_date: dissolved,
    translation: null,
    registered_address: ocAddress(company.registered_address, company.registered_address_in_full),
    physical_address: null,
    identifiers: identifiersOf(company),
    industry: (company.industry_codes ?? []).flatMap(({ industry_code: industry }) => {
      const code = text(industry?.code);
      if (code === null) return [];
      const system = text(industry?.code_scheme_name) ?? text(industry?.code_scheme_id) ?? 'unknown';
      return [{ code, description: text(industry?.description), system, is_primary: false, translation: null }];
    }),
    capital: null,
    officers: officersOf(company, state, source),
    shareholders: (company.ultimate_beneficial_owners ?? []).flatMap(({ ultimate_beneficial_owner: owner }) => {
      const name = text(owner?.name);
      return name === null
        ? []
        : [{ name, shareholder_type: null, date_of_birth: null, id_type: null, id_number: null, number_of_share: null, percentage_of_share: null, effective_date: null, end_date: null, translation: null }];
    }),
    contacts: [],
    name_history: (company.previous_names ?? []).flatMap((previous) => {
      const name = text(previous.company_name);
      return name === null
        ? []
        : [{ name, effective_date: isoDate(previous.start_date), end_date: isoDate(previous.end_date) ?? isoDate(previous.con_date), translation: null }];
    }),
    activity_history: activity,
    latest_annual_return: latestAnnualReturn(company),
  };
}

/** "us_de" → "DE"; null outside the US. */
export function usState(jurisdictionCode: string | null | undefined): string | null {
  const match = /^us_([a-z]{2})$/i.exec(jurisdictionCode ?? '');
  return match?.[1] ? match[1].toUpperCase() : null;
}

export function ocAddress(address: OcAddress | null | undefined, inFull: string | null | undefined) {
  // street_address holds every street line, newline-separated; the first is the street proper.
  const lines = (text(address?.street_address) ?? '').split(/\s*\n\s*/).filter((line) => line !== '');
  return buildAddress({
    formatted_address: inFull,
    street: lines[0],
    street2: lines.length > 1 ? lines.slice(1).join(', ') : null,
    city: address?.locality,
    state_or_province: address?.region,
    postal_code: address?.postal_code,
    country: address?.country,
  });
}

function identifiersOf(company: OcCompany): BusinessIdentifier[] {
  const identifiers: BusinessIdentifier[] = [];
  const add = (type: string | null, value: string | null) => {
    if (type !== null && value !== null) identifiers.push({ type, value });
  };
  add('company_number', text(company.company_number));
  add('jurisdiction_code', text(company.jurisdiction_code));
  add('native_company_number', text(company.native_company_number));
  for (const { identifier } of company.identifiers ?? []) add(text(identifier?.identifier_system_code), text(identifier?.uid));
  return identifiers;
}

function officersOf(company: OcCompany, state: string | null, source: string): BusinessOfficer[] {
  const officer = (name: string, type: string | null, start: string | null, end: string | null, address: string | null): BusinessOfficer => ({
    name,
    type,
    date_of_birth: null,
    id_type: null,
    id_number: null,
    start_date: start,
    end_date: end,
    address_detail: address === null ? null : buildAddress({ formatted_address: address }),
    translation: null,
    states: state === null ? [] : [state],
    sources: [source],
  });
  const officers = (company.officers ?? []).flatMap(({ officer: entry }) => {
    const name = text(entry?.name);
    return name === null ? [] : [officer(name, text(entry?.position), isoDate(entry?.start_date), isoDate(entry?.end_date), null)];
  });
  const agent = text(company.agent_name);
  const agentListed = agent !== null && officers.some((entry) => entry.name.toLowerCase() === agent.toLowerCase());
  if (agent !== null && !agentListed) officers.push(officer(agent, 'registered agent', null, null, text(company.agent_address)));
  return officers;
}

function activityOf(company: OcCompany): BusinessActivity[] {
  return (company.filings ?? [])
    .flatMap(({ filing }) => {
      const activity = text(filing?.title) ?? text(filing?.filing_type_name) ?? text(filing?.description);
      return activity === null ? [] : [{ activity, date: isoDate(filing?.date) }];
    })
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}

function latestAnnualReturn(company: OcCompany): AnnualReturn | null {
  let latest: string | null = null;
  for (const { filing } of company.filings ?? []) {
    const label = [filing?.title, filing?.filing_type_name, filing?.description].map((part) => text(part) ?? '').join(' ');
    const date = isoDate(filing?.date);
    if (date !== null && ANNUAL_FILING.test(label) && (latest === null || date > latest)) latest = date;
  }
  return latest === null ? null : { year_of_filing: Number.parseInt(latest.slice(0, 4), 10), annual_meeting_date: null };
}
