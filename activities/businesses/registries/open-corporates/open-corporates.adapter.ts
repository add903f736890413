// US registry adapter: OpenCorporates, which aggregates the fifty states' company registries.
// 1. GET /companies/search?q={official_name}&country_code=us&per_page=100 — every US
//    jurisdiction at once (the companies' home state is not part of the spec's input);
// 2. pick the hit whose name matches, preferring the best address agreement
//    (company-name-match.ts); no matching name → not_found;
// 3. GET /companies/{jurisdiction_code}/{company_number} for officers, filings and codes.
// The API token travels as the api_token query parameter, as OpenCorporates requires; the shared
// HTTP helper never puts URLs into errors, so the token cannot leak through them.
// OpenCorporates answers 401 for a bad token and 403 once the account's quota is used up; both
// are permanent (an operator has to act) per our classification.

import type { LookupInput, LookupResult, RegistryAdapter } from '../registry-adapter.js';
import { RegistryPermanentError } from '../registry-errors.js';
import { registryUrl, type RegistryHttp } from '../registry-http.js';
import { text } from '../registry-values.js';
import { pickBestMatch } from './company-name-match.js';
import { mapOpenCorporatesRecord } from './open-corporates.mapper.js';
import type { OcCompany, OcCompanyResponse, OcSearchResponse } from './open-corporates.types.js';

const REGISTRY = 'OpenCorporates';

export interface OpenCorporatesConfig {
  baseUrl: string;
  apiToken?: string;
}

export function createOpenCorporatesAdapter(config: OpenCorporatesConfig, http: RegistryHttp): RegistryAdapter {
  return {
    country: 'US',
    async lookup(input: LookupInput, signal?: AbortSignal): Promise<LookupResult> {
      if (!config.apiToken) {
        throw new RegistryPermanentError(REGISTRY, 'registry_not_configured', 'US lookups are not available: no OpenCorporates API token is configured.');
      }
      const name = text(input.official_name);
      if (name === null) throw new RegistryPermanentError(REGISTRY, 'registry_invalid_input', 'official_name is required for US lookups.');
      const token = config.apiToken;
      const notFound: LookupResult = { outcome: 'not_found', detail: `No company named "${name}" was found in the US state registries.` };

      const search = await http.getJson(
        registryUrl(config.baseUrl, '/companies/search', { q: name, country_code: 'us', per_page: '100', api_token: token }),
        { signal },
      );
      if (!search.found) return notFound;
      const hits = readSearchHits(search.body);
      const chosen = hits[
        pickBestMatch(
          { name, address: input.address },
          hits.map((hit) => ({
            name: hit.name ?? '',
            address: text(hit.registered_address_in_full) ?? Object.values(hit.registered_address ?? {}).join(' '),
            active: hit.inactive !== true && !hit.dissolution_date,
            branch: text(hit.branch) !== null,
          })),
        )
      ];
      if (!chosen?.jurisdiction_code || !chosen.company_number) return notFound;

      const detailPath = `/companies/${encodeURIComponent(chosen.jurisdiction_code)}/${encodeURIComponent(chosen.company_number)}`;
      const detail = await http.getJson(registryUrl(config.baseUrl, detailPath, { api_token: token }), { signal });
      if (!detail.found) return notFound;
      const company = (detail.body as OcCompanyResponse | null)?.results?.company;
      if (!company || typeof company !== 'object' || typeof company.name !== 'string') {
        throw new RegistryPermanentError(REGISTRY, 'registry_bad_response', `${REGISTRY} returned an unreadable company record.`);
      }
      return { outcome: 'found', record: mapOpenCorporatesRecord(company) };
    },
  };
}

function readSearchHits(body: unknown): OcCompany[] {
  const companies = (body as OcSearchResponse | null)?.results?.companies;
  if (!Array.isArray(companies)) {
    throw new RegistryPermanentError(REGISTRY, 'registry_bad_response', `${REGISTRY} returned an unreadable search result.`);
  }
  // country_code=us already restricts the search; the check keeps a foreign hit out regardless.
  return companies.flatMap((entry) => (entry?.company && /^us_/i.test(entry.company.jurisdiction_code ?? '') ? [entry.company] : []));
}
