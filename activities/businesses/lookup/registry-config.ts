/** The registry adapters' configuration, read from the service configuration. */
import type { AppConfig } from '../../../infra/config/config.js';
import type { RegistryConfig } from '../registries/registry-adapter.js';

export type RegistryConfigSource = Pick<
  AppConfig,
  | 'COMPANIES_HOUSE_API_KEY'
  | 'COMPANIES_HOUSE_BASE_URL'
  | 'BRASILAPI_BASE_URL'
  | 'OPENCORPORATES_API_TOKEN'
  | 'OPENCORPORATES_BASE_URL'
  | 'REGISTRY_TIMEOUT_MS'
>;

export function registryConfigFrom(config: RegistryConfigSource): RegistryConfig {
  return {
    companiesHouse: {
      baseUrl: config.COMPANIES_HOUSE_BASE_URL,
      ...(config.COMPANIES_HOUSE_API_KEY ? { apiKey: config.COMPANIES_HOUSE_API_KEY } : {}),
    },
    brasilApi: { baseUrl: config.BRASILAPI_BASE_URL },
    openCorporates: {
      baseUrl: config.OPENCORPORATES_BASE_URL,
      ...(config.OPENCORPORATES_API_TOKEN ? { apiToken: config.OPENCORPORATES_API_TOKEN } : {}),
    },
    timeoutMs: config.REGISTRY_TIMEOUT_MS,
  };
}
