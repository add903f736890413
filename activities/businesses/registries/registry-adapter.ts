// The contract between the business-lookup activity and the country registries, and the factory
// that builds one adapter per supported country from configuration.
//
// An adapter answers `found` with a filled business record or `not_found` with a client-safe
// explanation; anything else is thrown as RegistryTransientError (retry) or
// RegistryPermanentError (give up). Adapters never retry and never log: Temporal's activity
// retry policy owns retries, the activity owns logging.
//
// Inputs are expected to be validated and normalised first (validation/lookup-input.validation.ts);
// adapters still re-check the one field they depend on and throw registry_invalid_input if it is
// unusable, so a bypassed validation cannot reach a registry with garbage.

import type { BusinessRecordAttributes } from './business-record.model.js';
import { createBrasilApiAdapter } from './brasil-api/brasil-api.adapter.js';
import { createCompaniesHouseAdapter } from './companies-house/companies-house.adapter.js';
import { createOpenCorporatesAdapter } from './open-corporates/open-corporates.adapter.js';
import { createRegistryHttp } from './registry-http.js';
import type { SupportedCountry } from './supported-countries.js';
import { abortableSleep } from './abortable-sleep.js';
import { createTestRegistryAdapter } from './test-registry/test-registry.adapter.js';

export type { SupportedCountry } from './supported-countries.js';
export { SUPPORTED_COUNTRIES, isSupportedCountry } from './supported-countries.js';
export { RegistryPermanentError, RegistryTransientError, isRegistryError } from './registry-errors.js';
export type { RegistryError, RegistryName, RegistryPermanentCode, RegistryTransientCode } from './registry-errors.js';

export interface LookupInput {
  official_name?: string;
  registration_number?: string;
  address?: string;
}

export type LookupResult = { outcome: 'found'; record: BusinessRecordAttributes } | { outcome: 'not_found'; detail: string };

/** Facts about the call that only the caller knows; optional everywhere. */
export interface LookupContext {
  /** 1-based attempt number (Temporal: `Context.current().info.attempt`); used by ZZFLAKY. */
  attempt?: number;
}

export interface RegistryAdapter {
  country: SupportedCountry;
  lookup(input: LookupInput, signal?: AbortSignal, context?: LookupContext): Promise<LookupResult>;
}

export interface RegistryConfig {
  companiesHouse: { baseUrl: string; apiKey?: string };
  brasilApi: { baseUrl: string };
  openCorporates: { baseUrl: string; apiToken?: string };
  /** Deadline of each outbound registry request, in milliseconds. */
  timeoutMs: number;
}

export interface RegistryAdapterDeps {
  config: RegistryConfig;
  /** The outbound fetch: the SSRF guard's in the worker (infra/http/guarded-fetch.ts). */
  fetch: typeof fetch;
  now?: () => Date;
  /** Used by the ZZ registry's deliberately slow answers; defaults to an abortable timer. */
  sleep?: (ms: number) => Promise<void>;
}

export function createRegistryAdapters(deps: RegistryAdapterDeps): Record<SupportedCountry, RegistryAdapter> {
  const httpDeps = { fetch: deps.fetch, now: deps.now ?? (() => new Date()), timeoutMs: deps.config.timeoutMs };
  return {
    GB: createCompaniesHouseAdapter(deps.config.companiesHouse, createRegistryHttp('Companies House', httpDeps)),
    BR: createBrasilApiAdapter(deps.config.brasilApi, createRegistryHttp('BrasilAPI', httpDeps)),
    US: createOpenCorporatesAdapter(deps.config.openCorporates, createRegistryHttp('OpenCorporates', httpDeps)),
    ZZ: createTestRegistryAdapter({ sleep: deps.sleep ?? abortableSleep }),
  };
}
