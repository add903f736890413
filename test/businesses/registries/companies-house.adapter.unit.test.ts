import { afterEach, describe, expect, it } from 'vitest';
import { createCompaniesHouseAdapter } from '../../../activities/businesses/registries/companies-house/companies-house.adapter.js';
import { RegistryPermanentError, RegistryTransientError } from '../../../activities/businesses/registries/registry-errors.js';
import { createRegistryHttp } from '../../../activities/businesses/registries/registry-http.js';
import { registryFixture, startRegistryServer, type CannedAnswer, type Route, type RegistryTestServer } from './support/registry-test-server.js';
import { recordOf, failureOf } from './support/lookup-outcomes.js';

const API_KEY = 'ch-test-key-0d9f8e7c6b5a';
let server: RegistryTestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const NOT_FOUND: CannedAnswer = { status: 404, body: registryFixture('companies-house/error-company-profile-not-found.json') };

/** The documented resources of company 09876543, anything else 404. */
function companiesHouse(overrides: Record<string, CannedAnswer | 'hang'> = {}): Route {
  const resources: Record<string, CannedAnswer | 'hang'> = {
    '/company/09876543': { status: 200, body: registryFixture('companies-house/company-profile.json') },
    '/company/09876543/officers': { status: 200, body: registryFixture('companies-house/officers.json') },
    '/company/09876543/persons-with-significant-control': {
      status: 200,
      body: registryFixture('companies-house/persons-with-significant-control.json'),
    },
    '/company/09876543/filing-history': { status: 200, body: registryFixture('companies-house/filing-history.json') },
    ...overrides,
  };
  return (request) => resources[request.pathname] ?? NOT_FOUND;
}

async function lookUp(route: Route, registrationNumber = '09876543', options: { apiKey?: string; timeoutMs?: number } = { apiKey: API_KEY }) {
  server = await startRegistryServer(route);
  const http = createRegistryHttp('Companies House', { fetch: globalThis.fetch, now: () => new Date('2026-11-23T10:00:00Z'), timeoutMs: options.timeoutMs ?? 2_000 });
  const adapter = createCompaniesHouseAdapter({ baseUrl: server.baseUrl, ...(options.apiKey ? { apiKey: options.apiKey } : {}) }, http);
  return adapter.lookup({ registration_number: registrationNumber });
}

describe('Companies House adapter', () => {
  it('authenticates every request with HTTP basic auth, the API key as user name', async () => {
    await lookUp(companiesHouse());
    const expected = `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`;
    expect(server?.requests.map((request) => request.headers.authorization)).toEqual([expected, expected, expected, expected]);
    expect(server?.requests.map((request) => request.pathname).sort()).toEqual([
      '/company/09876543',
      '/company/09876543/filing-history',
      '/company/09876543/officers',
      '/company/09876543/persons-with-significant-control',
    ]);
    expect(server?.requests.find((request) => request.pathname.endsWith('/officers'))?.query.get('items_per_page')).toBe('100');
  });

  it('maps the company profile onto the record', async () => {
    const record = recordOf(await lookUp(companiesHouse()));
    expect(record).toMatchObject({
      is_registered: true,
      official_name: 'EXAMPLE WIDGETS LIMITED',
      status: 'Active',
      legal_form: 'Private limited company',
      registration_date: '2015-10-15',
      dissolution_date: null,
      translation: null,
      physical_address: null,
      identifiers: [{ type: 'company_number', value: '09876543' }],
      contacts: [],
      name_history: [{ name: 'EXAMPLE GADGETS LIMITED', effective_date: '2015-10-15', end_date: '2018-03-01', translation: null }],
    });
    expect(record.registered_address).toEqual({
      formatted_address: 'Unit 4 Widget House, 12 Example Street, London, Greater London, EC1A 1BB, England',
      street: 'Unit 4 Widget House',
      street2: '12 Example Street',
      city: 'London',
      state_or_province: 'Greater London',
      postal_code: 'EC1A 1BB',
      country: 'GB',
      po_box: null,
      latitude: null,
      longitude: null,
      start_date: null,
      end_date: null,
      translation: null,
    });
  });

  it('maps SIC codes with UK SIC 2007 descriptions, and null for a code outside the table', async () => {
    const record = recordOf(await lookUp(companiesHouse()));
    expect(record.industry).toEqual([
      { code: '62012', description: 'Business and domestic software development', system: 'UK SIC 2007', is_primary: false, translation: null },
      { code: '62020', description: 'Information technology consultancy activities', system: 'UK SIC 2007', is_primary: false, translation: null },
      { code: '33190', description: null, system: 'UK SIC 2007', is_primary: false, translation: null },
    ]);
  });

  it('maps officers with role, month of birth, dates, service address and corporate registration number', async () => {
    const record = recordOf(await lookUp(companiesHouse()));
    const [director, secretary, corporate] = record.officers;
    expect(director).toMatchObject({
      name: 'EXAMPLE, Jane Alice',
      type: 'director',
      date_of_birth: '1980-04',
      id_type: null,
      id_number: null,
      start_date: '2015-10-15',
      end_date: null,
      states: [],
      sources: ['UK Companies House'],
    });
    expect(director?.address_detail?.formatted_address).toBe('Unit 4 Widget House, 12 Example Street, London, EC1A 1BB, England');
    expect(secretary).toMatchObject({ name: 'SAMPLE, John', type: 'secretary', date_of_birth: '1975-11', end_date: '2020-02-29' });
    expect(corporate).toMatchObject({ name: 'EXAMPLE NOMINEES LIMITED', type: 'corporate-director', id_type: 'uk-limited-company', id_number: '01234567' });
  });

  it('turns PSCs with an ownership band into shareholders at the lower bound, and control-only PSCs into officers', async () => {
    const record = recordOf(await lookUp(companiesHouse()));
    expect(record.shareholders).toEqual([
      {
        name: 'Mrs Jane Alice Example',
        shareholder_type: 'individual',
        date_of_birth: '1980-04',
        id_type: null,
        id_number: null,
        number_of_share: null,
        percentage_of_share: 50,
        effective_date: '2016-04-06',
        end_date: null,
        translation: null,
      },
      {
        name: 'EXAMPLE HOLDINGS PLC',
        shareholder_type: 'corporate',
        date_of_birth: null,
        id_type: 'registration_number',
        id_number: '07654321',
        number_of_share: null,
        percentage_of_share: 25,
        effective_date: '2018-03-01',
        end_date: null,
        translation: null,
      },
    ]);
    expect(record.officers[3]).toMatchObject({
      name: 'Mr John Sample',
      type: 'person-with-significant-control',
      start_date: '2016-04-06',
      end_date: '2020-02-29',
    });
    expect(record.officers).toHaveLength(4);
  });

  it('maps the filing history to activities, the latest confirmation statement and the issued capital', async () => {
    const record = recordOf(await lookUp(companiesHouse()));
    expect(record.activity_history).toEqual([
      { activity: 'Confirmation statement made on 2025-10-14 with no updates', date: '2025-10-20' },
      { activity: 'Full accounts made up to 2024-12-31', date: '2025-06-12' },
      { activity: 'Termination of appointment of John Sample as a secretary on 2020-02-29', date: '2020-03-02' },
      { activity: 'Statement of capital following an allotment of shares on 2019-05-01', date: '2019-05-10' },
      { activity: 'Certificate of change of name', date: '2018-03-01' },
      { activity: 'Change sail address company with new address', date: '2017-01-09' },
      { activity: 'Incorporation', date: '2015-10-15' },
    ]);
    expect(record.latest_annual_return).toEqual({ year_of_filing: 2025, annual_meeting_date: null });
    expect(record.capital).toEqual({ registered: { amount: 1250, currency: 'GBP' }, paid_up: null });
  });

  it('marks a dissolved company as no longer registered, with its dissolution date', async () => {
    const dissolved = {
      ...registryFixture<Record<string, unknown>>('companies-house/company-profile.json'),
      company_status: 'dissolved',
      date_of_cessation: '2024-02-06',
    };
    const record = recordOf(await lookUp(companiesHouse({ '/company/09876543': { status: 200, body: dissolved } })));
    expect(record).toMatchObject({ is_registered: false, status: 'Dissolved', dissolution_date: '2024-02-06' });
  });

  it('pads a short company number to eight digits before calling the registry', async () => {
    recordOf(await lookUp(companiesHouse(), '9876543'));
    expect(server?.requests[0]?.pathname).toBe('/company/09876543');
  });

  it('answers not_found on a 404 company profile without reading the lists', async () => {
    const result = await lookUp(companiesHouse(), '01111111');
    expect(result).toEqual({ outcome: 'not_found', detail: 'No company with number 01111111 is on the Companies House register.' });
    expect(server?.requests).toHaveLength(1);
  });

  it('reads a 404 on a list (no PSCs registered) as an empty list', async () => {
    const record = recordOf(await lookUp(companiesHouse({ '/company/09876543/persons-with-significant-control': NOT_FOUND })));
    expect(record.shareholders).toEqual([]);
    expect(record.officers).toHaveLength(3);
  });

  it('fails transiently with Retry-After on a 429', async () => {
    const error = await failureOf(lookUp(companiesHouse({ '/company/09876543': { status: 429, headers: { 'retry-after': '300' } } })));
    expect(error).toBeInstanceOf(RegistryTransientError);
    expect(error).toMatchObject({ code: 'registry_rate_limited', retryAfterSeconds: 300 });
  });

  it.each([500, 502, 503])('fails transiently when a list answers HTTP %i', async (status) => {
    const error = await failureOf(lookUp(companiesHouse({ '/company/09876543/officers': { status } })));
    expect(error).toBeInstanceOf(RegistryTransientError);
    expect(error).toMatchObject({ code: 'registry_unavailable', status });
  });

  it.each([401, 403])('fails permanently on HTTP %i without revealing the key', async (status) => {
    const error = await failureOf(lookUp(companiesHouse({ '/company/09876543': { status, body: { error: 'Invalid Authorization', type: 'ch:service' } } })));
    expect(error).toBeInstanceOf(RegistryPermanentError);
    expect(error).toMatchObject({ code: 'registry_auth_failed' });
    expect(error.message).not.toContain(API_KEY);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
  });

  it('fails transiently when the registry never answers', async () => {
    const error = await failureOf(lookUp(companiesHouse({ '/company/09876543': 'hang' }), '09876543', { apiKey: API_KEY, timeoutMs: 150 }));
    expect(error).toBeInstanceOf(RegistryTransientError);
    expect(error).toMatchObject({ code: 'registry_timeout' });
  });

  it('fails permanently on a profile that is not JSON', async () => {
    const error = await failureOf(lookUp(companiesHouse({ '/company/09876543': { status: 200, body: '{"company_name": "EXAMPLE' } })));
    expect(error).toBeInstanceOf(RegistryPermanentError);
    expect(error).toMatchObject({ code: 'registry_bad_response' });
  });

  it('refuses to run without an API key, before any request', async () => {
    const error = await failureOf(lookUp(companiesHouse(), '09876543', {}));
    expect(error).toMatchObject({ code: 'registry_not_configured' });
    expect(server?.requests).toHaveLength(0);
  });

  it('refuses a malformed company number, before any request', async () => {
    const error = await failureOf(lookUp(companiesHouse(), 'XX123456'));
    expect(error).toBeInstanceOf(RegistryPermanentError);
    expect(error).toMatchObject({ code: 'registry_invalid_input' });
    expect(server?.requests).toHaveLength(0);
  });
});
