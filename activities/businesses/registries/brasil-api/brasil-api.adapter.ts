// BR registry adapter: BrasilAPI's CNPJ endpoint (no credentials). One GET per lookup by the
// normalised 14-character CNPJ; 404 means the Receita Federal has no such CNPJ. BrasilAPI answers
// 400 for a CNPJ it considers malformed, which our validation already prevents, so a 400 here
// is a permanent registry_rejected_request.

import type { LookupInput, LookupResult, RegistryAdapter } from '../registry-adapter.js';
import { RegistryPermanentError } from '../registry-errors.js';
import { registryUrl, type RegistryHttp } from '../registry-http.js';
import { formatCnpj, normaliseCnpj } from '../../validation/cnpj.js';
import { mapBrasilApiRecord } from './brasil-api.mapper.js';
import type { BrasilApiCnpj } from './brasil-api.types.js';

const REGISTRY = 'BrasilAPI';

export interface BrasilApiConfig {
  baseUrl: string;
}

export function createBrasilApiAdapter(config: BrasilApiConfig, http: RegistryHttp): RegistryAdapter {
  return {
    country: 'BR',
    async lookup(input: LookupInput, signal?: AbortSignal): Promise<LookupResult> {
      const cnpj = normaliseCnpj(input.registration_number ?? '');
      if (!cnpj.ok) throw new RegistryPermanentError(REGISTRY, 'registry_invalid_input', `registration_number ${cnpj.detail}.`);

      const answer = await http.getJson(registryUrl(config.baseUrl, `/api/cnpj/v1/${cnpj.value}`), { signal });
      if (!answer.found) {
        return { outcome: 'not_found', detail: `No company with CNPJ ${formatCnpj(cnpj.value)} is registered with the Receita Federal.` };
      }
      const body = answer.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body) || typeof (body as BrasilApiCnpj).razao_social !== 'string') {
        throw new RegistryPermanentError(REGISTRY, 'registry_bad_response', `${REGISTRY} returned an unreadable CNPJ record.`);
      }
      return { outcome: 'found', record: mapBrasilApiRecord(body as BrasilApiCnpj) };
    },
  };
}
