// Maps the four Companies House resources of one company onto the business record. Pure.
//
// Filled: is_registered, official_name, status (+ status detail), legal_form, registration_date,
// dissolution_date, registered_address, identifiers (company number), industry (SIC codes, system
// "UK SIC 2007"; none is primary — Companies House does not rank them), capital.registered (the
// issued capital of the newest statement of capital in the filing history page read), officers
// (appointments, including resigned ones, with the service address and month/year of birth, plus
// persons with significant control whose control is not share ownership), shareholders (PSCs with
// an ownership band; see psc-ownership.ts), name_history, activity_history (filings, newest
// first), latest_annual_return.year_of_filing (newest confirmation statement or annual return).
// Not published by Companies House, so null/empty: translation (already English),
// physical_address, capital.paid_up, contacts, officer id numbers for natural persons,
// number_of_share, latest_annual_return.annual_meeting_date (private companies need not hold an
// AGM and none is filed), coordinates.

import { buildAddress } from '../business-address.js';
import type {
  AnnualReturn,
  BusinessActivity,
  BusinessCapital,
  BusinessOfficer,
  BusinessRecordAttributes,
  BusinessShareholder,
} from '../business-record.model.js';
import { amount, isoDate, joinPresent, text } from '../registry-values.js';
import {
  COMPANY_STATUS_DETAILS,
  COMPANY_STATUSES,
  COMPANY_TYPES,
  FILING_DESCRIPTIONS,
  OFF_REGISTER_STATUSES,
  UK_SIC_2007_DESCRIPTIONS,
  readableKey,
} from './companies-house.tables.js';
import type { ChAddress, ChCompanyProfile, ChFilingHistoryItem, ChOfficer, ChPartialDate, ChPsc } from './companies-house.types.js';
import { ownershipLowerBound, pscHolderType } from './psc-ownership.js';

const SOURCE = 'UK Companies House';

export interface CompaniesHouseResources {
  profile: ChCompanyProfile;
  officers: ChOfficer[];
  pscs: ChPsc[];
  filings: ChFilingHistoryItem[];
}

export function mapCompaniesHouseRecord({ profile, officers, pscs, filings }: CompaniesHouseResources): BusinessRecordAttributes {
  const statusKey = text(profile.company_status);
  const newestFirst = [...filings].sort((a, b) => (text(b.date) ?? '').localeCompare(text(a.date) ?? ''));
  const pscOfficers = pscs.filter((psc) => ownershipLowerBound(psc.natures_of_control) === null);
  const pscShareholders = pscs.filter((psc) => ownershipLowerBound(psc.natures_of_control) !== null);

  return {
    is_registered: statusKey === null ? true : !OFF_REGISTER_STATUSES.has(statusKey),
    official_name: text(profile.company_name),
    status: statusText(statusKey, text(profile.company_status_detail)),
    legal_form: enumText(COMPANY_TYPES, text(profile.type)),
    registration_date: isoDate(profile.date_of_creation),
    dissolution_date: isoDate(profile.date_of_cessation),
    translation: null,
    registered_address: chAddress(profile.registered_office_address),
    physical_address: null,
    identifiers: profile.company_number ? [{ type: 'company_number', value: profile.company_number }] : [],
    industry: (profile.sic_codes ?? []).map((code) => ({
      code,
      description: UK_SIC_2007_DESCRIPTIONS[code] ?? null,
      system: 'UK SIC 2007',
      is_primary: false,
      translation: null,
    })),
    capital: issuedCapital(newestFirst),
    officers: [...officers.map(officerOf), ...pscOfficers.map(pscAsOfficer)],
    shareholders: pscShareholders.map(shareholderOf),
    contacts: [],
    name_history: (profile.previous_company_names ?? []).flatMap((previous) => {
      const name = text(previous.name);
      return name === null
        ? []
        : [{ name, effective_date: isoDate(previous.effective_from), end_date: isoDate(previous.ceased_on), translation: null }];
    }),
    activity_history: newestFirst.map(activityOf),
    latest_annual_return: latestAnnualReturn(newestFirst, profile),
  };
}

function statusText(key: string | null, detail: string | null): string | null {
  const status = enumText(COMPANY_STATUSES, key);
  const detailText = enumText(COMPANY_STATUS_DETAILS, detail);
  return status !== null && detailText !== null ? `${status} - ${detailText}` : status;
}

function enumText(table: Readonly<Record<string, string>>, key: string | null): string | null {
  return key === null ? null : (table[key] ?? readableKey(key));
}

export function chAddress(address: ChAddress | undefined) {
  if (!address) return null;
  const street = joinPresent([address.premises, address.address_line_1], ' ');
  return buildAddress({
    formatted_address: joinPresent(
      [
        address.care_of ? `c/o ${address.care_of}` : null,
        address.po_box ? `PO Box ${address.po_box}` : null,
        street,
        address.address_line_2,
        address.locality,
        address.region,
        address.postal_code,
        address.country,
      ],
      ', ',
    ),
    street,
    street2: address.address_line_2,
    po_box: address.po_box,
    city: address.locality,
    state_or_province: address.region,
    postal_code: address.postal_code,
    country: address.country,
  });
}

/** Companies House publishes month and year of birth only: YYYY-MM. */
function birthMonth(date: ChPartialDate | undefined): string | null {
  if (!date?.year || !date.month) return null;
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}`;
}

function officerOf(officer: ChOfficer): BusinessOfficer {
  return {
    name: text(officer.name) ?? '',
    type: text(officer.officer_role),
    date_of_birth: birthMonth(officer.date_of_birth),
    id_type: officer.identification?.registration_number ? (text(officer.identification.identification_type) ?? 'registration_number') : null,
    id_number: text(officer.identification?.registration_number),
    start_date: isoDate(officer.appointed_on),
    end_date: isoDate(officer.resigned_on),
    address_detail: chAddress(officer.address),
    translation: null,
    states: [],
    sources: [SOURCE],
  };
}

function pscAsOfficer(psc: ChPsc): BusinessOfficer {
  return {
    name: text(psc.name) ?? '',
    type: 'person-with-significant-control',
    date_of_birth: birthMonth(psc.date_of_birth),
    id_type: psc.identification?.registration_number ? 'registration_number' : null,
    id_number: text(psc.identification?.registration_number),
    start_date: isoDate(psc.notified_on),
    end_date: isoDate(psc.ceased_on),
    address_detail: chAddress(psc.address),
    translation: null,
    states: [],
    sources: [SOURCE],
  };
}

function shareholderOf(psc: ChPsc): BusinessShareholder {
  return {
    name: text(psc.name) ?? '',
    shareholder_type: pscHolderType(psc.kind),
    date_of_birth: birthMonth(psc.date_of_birth),
    id_type: psc.identification?.registration_number ? 'registration_number' : null,
    id_number: text(psc.identification?.registration_number),
    number_of_share: null,
    percentage_of_share: ownershipLowerBound(psc.natures_of_control),
    effective_date: isoDate(psc.notified_on),
    end_date: isoDate(psc.ceased_on),
    translation: null,
  };
}

function activityOf(item: ChFilingHistoryItem): BusinessActivity {
  return { activity: describeFiling(item), date: isoDate(item.date) };
}

/** The filing's readable description: template filled from description_values, else the key. */
export function describeFiling(item: ChFilingHistoryItem): string {
  const values = item.description_values ?? {};
  const legacyText = text(values.description);
  const key = text(item.description);
  if (key === null || key === 'legacy') return legacyText ?? text(item.type) ?? 'Filing';
  const template = FILING_DESCRIPTIONS[key];
  if (template !== undefined) {
    let complete = true;
    const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = text(values[name]);
      if (value === null) complete = false;
      return value ?? '';
    });
    if (complete) return filled;
  }
  const madeUp = text(values.made_up_date);
  return madeUp === null ? readableKey(key) : `${readableKey(key)} (made up to ${madeUp})`;
}

function isAnnualFiling(item: ChFilingHistoryItem): boolean {
  return item.category === 'confirmation-statement' || item.category === 'annual-return' || item.type === 'CS01' || item.type === 'AR01';
}

function latestAnnualReturn(newestFirst: ChFilingHistoryItem[], profile: ChCompanyProfile): AnnualReturn | null {
  const filed = isoDate(newestFirst.find(isAnnualFiling)?.date);
  // Without that filing in the page we read, the profile's last made-up-to date is the best
  // evidence of the year; statements are filed within 14 days of it, so the year rarely differs.
  const year = filed ?? isoDate(profile.confirmation_statement?.last_made_up_to) ?? isoDate(profile.annual_return?.last_made_up_to);
  return year === null ? null : { year_of_filing: Number.parseInt(year.slice(0, 4), 10), annual_meeting_date: null };
}

function issuedCapital(newestFirst: ChFilingHistoryItem[]): BusinessCapital | null {
  for (const item of newestFirst) {
    const statement = item.description_values?.capital;
    if (!Array.isArray(statement) || statement.length === 0) continue;
    // A statement may list several currencies; the first line is the company's main class.
    const first = statement[0];
    const figure = amount(first?.figure);
    const currency = text(first?.currency);
    if (figure === null || currency === null) continue;
    return { registered: { amount: figure, currency }, paid_up: null };
  }
  return null;
}
