// Response shapes of the UK Companies House public data API (REST, api.company-information.
// service.gov.uk) for the four resources the GB adapter reads, as documented in its reference:
// companyProfile, officerList, personsWithSignificantControl list and filingHistoryList. Only
// the members we map are listed; every member is optional because the API omits absent ones.

export interface ChAddress {
  care_of?: string;
  premises?: string;
  address_line_1?: string;
  address_line_2?: string;
  locality?: string;
  region?: string;
  postal_code?: string;
  country?: string;
  po_box?: string;
}

export interface ChCompanyProfile {
  company_name?: string;
  company_number?: string;
  company_status?: string;
  company_status_detail?: string;
  type?: string;
  subtype?: string;
  jurisdiction?: string;
  date_of_creation?: string;
  date_of_cessation?: string;
  registered_office_address?: ChAddress;
  sic_codes?: string[];
  previous_company_names?: Array<{ name?: string; effective_from?: string; ceased_on?: string }>;
  accounts?: {
    last_accounts?: { made_up_to?: string; type?: string };
    next_due?: string;
  };
  confirmation_statement?: { last_made_up_to?: string; next_due?: string; overdue?: boolean };
  annual_return?: { last_made_up_to?: string };
  has_been_liquidated?: boolean;
  has_insolvency_history?: boolean;
}

export interface ChPartialDate {
  day?: number;
  month?: number;
  year?: number;
}

/** Present on corporate officers and corporate/legal-person PSCs. */
export interface ChIdentification {
  identification_type?: string;
  legal_authority?: string;
  legal_form?: string;
  place_registered?: string;
  country_registered?: string;
  registration_number?: string;
}

export interface ChOfficer {
  name?: string;
  officer_role?: string;
  appointed_on?: string;
  resigned_on?: string;
  date_of_birth?: ChPartialDate;
  address?: ChAddress;
  nationality?: string;
  occupation?: string;
  country_of_residence?: string;
  identification?: ChIdentification;
}

export interface ChOfficerList {
  items?: ChOfficer[];
  total_results?: number;
  active_count?: number;
  resigned_count?: number;
}

export interface ChPsc {
  name?: string;
  kind?: string;
  natures_of_control?: string[];
  notified_on?: string;
  ceased_on?: string;
  date_of_birth?: ChPartialDate;
  nationality?: string;
  country_of_residence?: string;
  address?: ChAddress;
  identification?: ChIdentification;
  ceased?: boolean;
}

export interface ChPscList {
  items?: ChPsc[];
  total_results?: number;
  active_count?: number;
  ceased_count?: number;
}

export interface ChFilingHistoryItem {
  date?: string;
  type?: string;
  category?: string;
  subcategory?: string | string[];
  description?: string;
  description_values?: Record<string, unknown> & {
    made_up_date?: string;
    capital?: Array<{ figure?: string; currency?: string }>;
    description?: string;
  };
  action_date?: string;
  transaction_id?: string;
}

export interface ChFilingHistoryList {
  items?: ChFilingHistoryItem[];
  total_count?: number;
  filing_history_status?: string;
}
