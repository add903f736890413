// Response shapes of the OpenCorporates REST API v0.4 for the two calls the US adapter makes:
// GET /companies/search (results.companies[].company, the short company form) and
// GET /companies/{jurisdiction_code}/{company_number} (results.company, the full form with
// officers, filings, industry codes, identifiers and previous names). Only mapped members are
// listed; OpenCorporates sends null for unknown values.

export interface OcAddress {
  street_address?: string | null;
  locality?: string | null;
  region?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

export interface OcOfficer {
  name?: string | null;
  position?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  occupation?: string | null;
  inactive?: boolean | null;
}

export interface OcCompany {
  name?: string | null;
  company_number?: string | null;
  jurisdiction_code?: string | null;
  incorporation_date?: string | null;
  dissolution_date?: string | null;
  company_type?: string | null;
  current_status?: string | null;
  inactive?: boolean | null;
  branch?: string | null;
  branch_status?: string | null;
  native_company_number?: string | null;
  registered_address_in_full?: string | null;
  registered_address?: OcAddress | null;
  agent_name?: string | null;
  agent_address?: string | null;
  source?: { publisher?: string | null; url?: string | null } | null;
  previous_names?: Array<{ company_name?: string | null; start_date?: string | null; end_date?: string | null; con_date?: string | null }> | null;
  industry_codes?: Array<{
    industry_code?: { code?: string | null; description?: string | null; code_scheme_id?: string | null; code_scheme_name?: string | null };
  }> | null;
  identifiers?: Array<{ identifier?: { uid?: string | null; identifier_system_code?: string | null; identifier_system_name?: string | null } }> | null;
  officers?: Array<{ officer?: OcOfficer }> | null;
  filings?: Array<{ filing?: { title?: string | null; description?: string | null; filing_type_name?: string | null; date?: string | null } }> | null;
  ultimate_beneficial_owners?: Array<{ ultimate_beneficial_owner?: { name?: string | null } }> | null;
}

export interface OcSearchResponse {
  api_version?: string;
  results?: {
    companies?: Array<{ company?: OcCompany }>;
    page?: number;
    per_page?: number;
    total_pages?: number;
    total_count?: number;
  };
}

export interface OcCompanyResponse {
  api_version?: string;
  results?: { company?: OcCompany };
}
