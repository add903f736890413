import { afterEach, describe, expect, it } from 'vitest';
import { createOpenCorporatesAdapter } from '../../../activities/businesses/registries/open-corporates/open-corporates.adapter.js';
import type { LookupInput } from '../../../activities/businesses/registries/registry-adapter.js';
import { RegistryPermanentError, RegistryTransientError } from '../../../activities/businesses/registries/registry-errors.js';
import { createRegistryHttp } from '../../../activities/businesses/registries/registry-http.js';
import { registryFixture, startRegistryServer, type CannedAnswer, type Route, type RegistryTestServer } from './support/registry-test-server.js';
import { recordOf, failureOf } from './support/lookup-outcomes.js';

const TOKEN = 'oc-secret-token-5c4b3a29';
let server: RegistryTestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const DELAWARE_ADDRESS = '1209 Orange Street, Suite 100, Wilmington, DE 19801';

function openCorporates(overrides: { search?: CannedAnswer | 'hang'; detail?: CannedAnswer | 'hang' } = {}): Route {
  return (request) => {
    if (request.pathname === '/v0.4/companies/search') return overrides.search ?? { status: 200, body: registryFixture('open-corporates/companies-search.json') };
    if (request.pathname.startsWith('/v0.4/companies/')) {
      return overrides.detail ?? { status: 200, body: registryFixture('open-corporates/company-us_de-5123456.json') };
    }
    return { status: 404, body: { error: { message: 'Not found' } } };
  };
}

async function lookUp(route: Route, input: LookupInput, options: { apiToken?: string; timeoutMs?: number } = { apiToken: TOKEN }) {
  server = await startRegistryServer(route);
  const http = createRegistryHttp('OpenCorporates', { fetch: globalThis.fetch, now: () => new Date('2026-11-23T10:00:00Z'), timeoutMs: options.timeoutMs ?? 2_000 });
  const config = { baseUrl: `${server.baseUrl}/v0.4`, ...(options.apiToken ? { apiToken: options.apiToken } : {}) };
  return createOpenCorporatesAdapter(config, http).lookup(input);
}

describe('OpenCorporates adapter', () => {
  it('searches US companies by name with the API token, then reads the chosen company', async () => {
    recordOf(await lookUp(openCorporates(), { official_name: 'Acme Widgets Inc', address: DELAWARE_ADDRESS }));
    const [search, detail] = server?.requests ?? [];
    expect(search?.pathname).toBe('/v0.4/companies/search');
    expect(Object.fromEntries(search?.query ?? [])).toEqual({ q: 'Acme Widgets Inc', country_code: 'us', per_page: '100', api_token: TOKEN });
    expect(detail?.pathname).toBe('/v0.4/companies/us_de/5123456');
    expect(detail?.query.get('api_token')).toBe(TOKEN);
  });

  it('picks, among equal names, the company whose registered address matches the given one', async () => {
    await lookUp(openCorporates(), { official_name: 'ACME WIDGETS, INC.', address: '100 Main Street Suite 400, San Francisco, CA 94105-1234' });
    expect(server?.requests[1]?.pathname).toBe('/v0.4/companies/us_ca/C4123456');
  });

  it('maps the company detail onto the record', async () => {
    const record = recordOf(await lookUp(openCorporates(), { official_name: 'Acme Widgets Inc', address: DELAWARE_ADDRESS }));
    expect(record).toMatchObject({
      is_registered: true,
      official_name: 'ACME WIDGETS INC',
      status: 'Good Standing',
      legal_form: 'Corporation',
      registration_date: '2012-06-18',
      dissolution_date: null,
      translation: null,
      physical_address: null,
      capital: null,
      contacts: [],
      shareholders: [],
      identifiers: [
        { type: 'company_number', value: '5123456' },
        { type: 'jurisdiction_code', value: 'us_de' },
        { type: 'us_fein', value: '12-3456789' },
      ],
      industry: [
        { code: '332510', description: 'Hardware Manufacturing', system: 'North American Industry Classification System (2017)', is_primary: false, translation: null },
      ],
      name_history: [{ name: 'ACME GADGETS INC', effective_date: '2012-06-18', end_date: '2016-03-31', translation: null }],
      latest_annual_return: { year_of_filing: 2025, annual_meeting_date: null },
    });
    expect(record.registered_address).toMatchObject({
      formatted_address: '1209 ORANGE STREET, SUITE 100, WILMINGTON, DE, 19801',
      street: '1209 ORANGE STREET',
      street2: 'SUITE 100',
      city: 'WILMINGTON',
      state_or_province: 'DE',
      postal_code: '19801',
      country: 'US',
    });
    expect(record.activity_history).toEqual([
      { activity: 'Annual Franchise Tax Report', date: '2025-02-28' },
      { activity: 'Certificate of Amendment', date: '2016-03-31' },
      { activity: 'Certificate of Incorporation', date: '2012-06-18' },
    ]);
  });

  it('maps officers with the registering state, and adds the registered agent', async () => {
    const record = recordOf(await lookUp(openCorporates(), { official_name: 'Acme Widgets Inc', address: DELAWARE_ADDRESS }));
    const source = 'Delaware Department of State: Division of Corporations';
    expect(record.officers).toEqual([
      { name: 'JANE EXAMPLE', type: 'president', date_of_birth: null, id_type: null, id_number: null, start_date: '2012-06-18', end_date: null, address_detail: null, translation: null, states: ['DE'], sources: [source] },
      { name: 'JOHN SAMPLE', type: 'secretary', date_of_birth: null, id_type: null, id_number: null, start_date: '2012-06-18', end_date: '2019-12-31', address_detail: null, translation: null, states: ['DE'], sources: [source] },
      expect.objectContaining({
        name: 'THE CORPORATION TRUST COMPANY',
        type: 'registered agent',
        states: ['DE'],
        address_detail: expect.objectContaining({ formatted_address: '1209 ORANGE ST, WILMINGTON, DE, 19801' }),
      }),
    ]);
  });

  it('marks an inactive, dissolved company as no longer registered', async () => {
    const detail = registryFixture<{ results: { company: Record<string, unknown> } }>('open-corporates/company-us_de-5123456.json');
    detail.results.company = { ...detail.results.company, inactive: true, dissolution_date: '2020-01-31', current_status: null };
    const record = recordOf(await lookUp(openCorporates({ detail: { status: 200, body: detail } }), { official_name: 'Acme Widgets Inc', address: DELAWARE_ADDRESS }));
    expect(record).toMatchObject({ is_registered: false, status: 'Inactive', dissolution_date: '2020-01-31' });
  });

  it('answers not_found when no hit has the same name, without a detail request', async () => {
    const result = await lookUp(openCorporates(), { official_name: 'Acme Gizmos Inc', address: DELAWARE_ADDRESS });
    expect(result).toEqual({ outcome: 'not_found', detail: 'No company named "Acme Gizmos Inc" was found in the US state registries.' });
    expect(server?.requests).toHaveLength(1);
  });

  it('answers not_found on an empty search and on a 404 detail', async () => {
    const empty = { status: 200, body: { api_version: '0.4', results: { companies: [], page: 1, per_page: 100, total_pages: 0, total_count: 0 } } };
    expect((await lookUp(openCorporates({ search: empty }), { official_name: 'Acme Widgets Inc', address: DELAWARE_ADDRESS })).outcome).toBe('not_found');
    await server?.close();
    const missing = { status: 404, body: { error: { message: 'Company not found' } } };
    expect((await lookUp(openCorporates({ detail: missing }), { official_name: 'Acme Widgets Inc', address: DELAWARE_ADDRESS })).outcome).toBe('not_found');
  });

  it.each([401, 403])('fails permanently on HTTP %i and never reveals the token', async (status) => {
    const answer = { status, body: registryFixture('open-corporates/error-invalid-token.json') };
    const error = await failureOf(lookUp(openCorporates({ search: answer }), { official_name: 'Acme Widgets Inc', address: DELAWARE_ADDRESS }));
    expect(error).toBeInstanceOf(RegistryPermanentError);
    expect(error).toMatchObject({ code: 'registry_auth_failed' });
    expect(`${error.message} ${JSON.stringify(error)} ${String(error.stack)}`).not.toContain(TOKEN);
  });

  it('fails transiently with Retry-After on a 429, without the token in the error', async () => {
    const error = await failureOf(
      lookUp(openCorporates({ detail: { status: 429, headers: { 'retry-after': '60' } } }), { official_name: 'Acme Widgets Inc', address: DELAWARE_ADDRESS }),
    );
    expect(error).toBeInstanceOf(RegistryTransientError);
    expect(error).toMatchObject({ code: 'registry_rate_limited', retryAfterSeconds: 60 });
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(TOKEN);
  });

  it.each([500, 502, 503])('fails transiently on HTTP %i', async (status) => {
    const error = await failureOf(lookUp(openCorporates({ search: { status } }), { official_name: 'Acme Widgets Inc', address: DELAWARE_ADDRESS }));
    expect(error).toMatchObject({ code: 'registry_unavailable', status });
  });

  it('fails transiently when OpenCorporates never answers', async () => {
    const error = await failureOf(
      lookUp(openCorporates({ search: 'hang' }), { official_name: 'Acme Widgets Inc', address: DELAWARE_ADDRESS }, { apiToken: TOKEN, timeoutMs: 150 }),
    );
    expect(error).toMatchObject({ code: 'registry_timeout' });
    expect(error.message).not.toContain(TOKEN);
  });

  it('fails permanently on malformed JSON and on a search answer without results', async () => {
    const malformed = await failureOf(lookUp(openCorporates({ search: { status: 200, body: '{"results": {' } }), { official_name: 'Acme Widgets Inc' }));
    expect(malformed).toMatchObject({ code: 'registry_bad_response' });
    await server?.close();
    const shapeless = await failureOf(lookUp(openCorporates({ search: { status: 200, body: { api_version: '0.4' } } }), { official_name: 'Acme Widgets Inc' }));
    expect(shapeless).toMatchObject({ code: 'registry_bad_response' });
  });

  it('refuses to run without an API token, before any request', async () => {
    const error = await failureOf(lookUp(openCorporates(), { official_name: 'Acme Widgets Inc', address: DELAWARE_ADDRESS }, {}));
    expect(error).toMatchObject({ code: 'registry_not_configured' });
    expect(server?.requests).toHaveLength(0);
  });
});
