// GB registry adapter: UK Companies House public data API. Authenticates with HTTP basic auth
// (the API key as user name, empty password). Reads the company profile by company number; when
// it exists, reads officers, persons with significant control and the filing history (first 100
// items of each, newest first as the API orders them) in parallel, and maps all four
// (companies-house.mapper.ts). A 404 on the profile is not_found; a 404 on a list means the
// company has no such items (the API answers 404 for a company without PSCs, for instance).

import type { LookupInput, LookupResult, RegistryAdapter } from '../registry-adapter.js';
import { RegistryPermanentError } from '../registry-errors.js';
import { registryUrl, type RegistryHttp } from '../registry-http.js';
import { normaliseUkCompanyNumber } from '../../validation/uk-company-number.js';
import { mapCompaniesHouseRecord } from './companies-house.mapper.js';
import type { ChCompanyProfile, ChFilingHistoryList, ChOfficerList, ChPscList } from './companies-house.types.js';

const REGISTRY = 'Companies House';
const PAGE_SIZE = '100';

export interface CompaniesHouseConfig {
  baseUrl: string;
  apiKey?: string;
}

export function createCompaniesHouseAdapter(config: CompaniesHouseConfig, http: RegistryHttp): RegistryAdapter {
  return {
    country: 'GB',
    async lookup(input: LookupInput, signal?: AbortSignal): Promise<LookupResult> {
      if (!config.apiKey) {
        throw new RegistryPermanentError(REGISTRY, 'registry_not_configured', 'GB lookups are not available: no Companies House API key is configured.');
      }
      const number = normaliseUkCompanyNumber(input.registration_number ?? '');
      if (!number.ok) {
        throw new RegistryPermanentError(REGISTRY, 'registry_invalid_input', `registration_number ${number.detail}.`);
      }
      const headers = { authorization: `Basic ${Buffer.from(`${config.apiKey}:`).toString('base64')}` };
      const get = (path: string, query: Record<string, string> = {}) =>
        http.getJson(registryUrl(config.baseUrl, `/company/${encodeURIComponent(number.value)}${path}`, query), { headers, signal });

      const profile = await get('');
      if (!profile.found) {
        return { outcome: 'not_found', detail: `No company with number ${number.value} is on the Companies House register.` };
      }
      const [officers, pscs, filings] = await Promise.all([
        get('/officers', { items_per_page: PAGE_SIZE }),
        get('/persons-with-significant-control', { items_per_page: PAGE_SIZE }),
        get('/filing-history', { items_per_page: PAGE_SIZE }),
      ]);

      return {
        outcome: 'found',
        record: mapCompaniesHouseRecord({
          profile: asObject<ChCompanyProfile>(profile.body, 'company profile'),
          officers: listItems<ChOfficerList>(officers, 'officer list'),
          pscs: listItems<ChPscList>(pscs, 'persons with significant control list'),
          filings: listItems<ChFilingHistoryList>(filings, 'filing history'),
        }),
      };
    },
  };
}

function asObject<T>(body: unknown, what: string): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new RegistryPermanentError(REGISTRY, 'registry_bad_response', `${REGISTRY} returned an unreadable ${what}.`);
  }
  return body as T;
}

type ItemsOf<T> = T extends { items?: Array<infer Item> } ? Item : never;

function listItems<T extends { items?: unknown[] }>(response: { found: boolean; body?: unknown }, what: string): Array<ItemsOf<T>> {
  if (!response.found) return [];
  const items = asObject<T>(response.body, what).items;
  return (Array.isArray(items) ? items : []) as Array<ItemsOf<T>>;
}
