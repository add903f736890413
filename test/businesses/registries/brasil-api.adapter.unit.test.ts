import { afterEach, describe, expect, it } from 'vitest';
import { createBrasilApiAdapter } from '../../../activities/businesses/registries/brasil-api/brasil-api.adapter.js';
import { RegistryPermanentError, RegistryTransientError } from '../../../activities/businesses/registries/registry-errors.js';
import { createRegistryHttp } from '../../../activities/businesses/registries/registry-http.js';
import { registryFixture, startRegistryServer, type CannedAnswer, type Route, type RegistryTestServer } from './support/registry-test-server.js';
import { recordOf, failureOf } from './support/lookup-outcomes.js';

let server: RegistryTestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function brasilApi(answers: Record<string, CannedAnswer | 'hang'>): Route {
  return (request) => answers[request.pathname] ?? { status: 404, body: registryFixture('brasil-api/error-not-found.json') };
}

const ACTIVE = { '/api/cnpj/v1/11222333000181': { status: 200, body: registryFixture('brasil-api/cnpj-ativa.json') } };

async function lookUp(route: Route, cnpj: string, timeoutMs = 2_000) {
  server = await startRegistryServer(route);
  const http = createRegistryHttp('BrasilAPI', { fetch: globalThis.fetch, now: () => new Date('2026-11-23T10:00:00Z'), timeoutMs });
  return createBrasilApiAdapter({ baseUrl: server.baseUrl }, http).lookup({ registration_number: cnpj });
}

describe('BrasilAPI adapter', () => {
  it('calls the CNPJ endpoint with the bare 14 digits of a masked CNPJ', async () => {
    recordOf(await lookUp(brasilApi(ACTIVE), '11.222.333/0001-81'));
    expect(server?.requests.map((request) => request.pathname)).toEqual(['/api/cnpj/v1/11222333000181']);
  });

  it('maps the company, its status and legal form with English translations', async () => {
    const record = recordOf(await lookUp(brasilApi(ACTIVE), '11222333000181'));
    expect(record).toMatchObject({
      is_registered: true,
      official_name: 'EXEMPLO COMERCIO DE ALIMENTOS LTDA',
      status: 'ATIVA',
      legal_form: 'Sociedade Empresária Limitada',
      registration_date: '2016-02-10',
      dissolution_date: null,
      translation: { official_name: null, status: 'Active', legal_form: 'Limited liability business company (Ltda.)' },
      identifiers: [{ type: 'cnpj', value: '11222333000181' }],
      capital: { registered: { amount: 250000, currency: 'BRL' }, paid_up: null },
      name_history: [],
      latest_annual_return: null,
    });
  });

  it('maps the establishment address as both registered and physical address of a head office', async () => {
    const record = recordOf(await lookUp(brasilApi(ACTIVE), '11222333000181'));
    expect(record.physical_address).toEqual({
      formatted_address: 'AVENIDA PAULISTA, 1000, ANDAR 12, BELA VISTA, SAO PAULO, SP, 01311-902, BR',
      street: 'AVENIDA PAULISTA, 1000',
      street2: 'ANDAR 12, BELA VISTA',
      city: 'SAO PAULO',
      state_or_province: 'SP',
      postal_code: '01311-902',
      country: 'BR',
      po_box: null,
      latitude: null,
      longitude: null,
      start_date: null,
      end_date: null,
      translation: null,
    });
    expect(record.registered_address).toEqual(record.physical_address);
  });

  it('gives a branch (filial) no registered address', async () => {
    const branch = { ...registryFixture<Record<string, unknown>>('brasil-api/cnpj-ativa.json'), identificador_matriz_filial: 2 };
    const record = recordOf(await lookUp(brasilApi({ '/api/cnpj/v1/11222333000181': { status: 200, body: branch } }), '11222333000181'));
    expect(record.registered_address).toBeNull();
    expect(record.physical_address?.city).toBe('SAO PAULO');
  });

  it('maps the principal CNAE as primary and secondary CNAEs, restoring leading zeros', async () => {
    const record = recordOf(await lookUp(brasilApi(ACTIVE), '11222333000181'));
    expect(record.industry).toEqual([
      {
        code: '4711302',
        description: 'Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - supermercados',
        system: 'CNAE',
        is_primary: true,
        translation: null,
      },
      { code: '4721102', description: 'Padaria e confeitaria com predominância de revenda', system: 'CNAE', is_primary: false, translation: null },
      { code: '0162803', description: 'Serviço de manejo de animais', system: 'CNAE', is_primary: false, translation: null },
    ]);
  });

  it('splits the QSA: partners become shareholders, managers officers, a Sócio-Administrador both', async () => {
    const record = recordOf(await lookUp(brasilApi(ACTIVE), '11222333000181'));
    expect(record.shareholders).toEqual([
      {
        name: 'MARIA EXEMPLO DA SILVA',
        shareholder_type: 'individual',
        date_of_birth: null,
        id_type: 'cpf_masked',
        id_number: '***123456**',
        number_of_share: null,
        percentage_of_share: null,
        effective_date: '2016-02-10',
        end_date: null,
        translation: null,
      },
      {
        name: 'EXEMPLO PARTICIPACOES S.A.',
        shareholder_type: 'corporate',
        date_of_birth: null,
        id_type: 'cnpj',
        id_number: '12345678000195',
        number_of_share: null,
        percentage_of_share: null,
        effective_date: '2018-07-01',
        end_date: null,
        translation: null,
      },
    ]);
    expect(record.officers.map((officer) => [officer.name, officer.type, officer.start_date])).toEqual([
      ['MARIA EXEMPLO DA SILVA', 'Sócio-Administrador', '2016-02-10'],
      ['JOAO AMOSTRA', 'Administrador', '2020-01-15'],
    ]);
    expect(record.officers[1]).toMatchObject({ id_type: 'cpf_masked', id_number: '***654321**', sources: ['Receita Federal (via BrasilAPI)'], states: [] });
  });

  it('maps phones to +55 numbers and the e-mail address', async () => {
    const record = recordOf(await lookUp(brasilApi(ACTIVE), '11222333000181'));
    expect(record.contacts).toEqual([
      { type: 'phone', value: '+551123851939', description: 'primary phone', start_date: null, end_date: null },
      { type: 'phone', value: '+551130001000', description: 'secondary phone', start_date: null, end_date: null },
      { type: 'email', value: 'contato@exemplo.com.br', description: null, start_date: null, end_date: null },
    ]);
  });

  it('lists registration and tax-regime events newest first', async () => {
    const record = recordOf(await lookUp(brasilApi(ACTIVE), '11222333000181'));
    expect(record.activity_history).toEqual([
      { activity: 'Left the Simples Nacional tax regime', date: '2019-01-01' },
      { activity: 'Start of activities', date: '2016-02-10' },
      { activity: 'Registration status set to ATIVA', date: '2016-02-10' },
      { activity: 'Opted into the Simples Nacional tax regime', date: '2016-02-10' },
    ]);
  });

  it('maps a closed (BAIXADA) company as no longer registered, dissolved on its status date', async () => {
    const closed = { '/api/cnpj/v1/12345678000195': { status: 200, body: registryFixture('brasil-api/cnpj-baixada.json') } };
    const record = recordOf(await lookUp(brasilApi(closed), '12.345.678/0001-95'));
    expect(record).toMatchObject({
      is_registered: false,
      status: 'BAIXADA',
      dissolution_date: '2023-07-05',
      translation: { status: 'Closed (deregistered)' },
      contacts: [],
    });
    expect(record.physical_address?.street).toBe('RUA HADDOCK EXEMPLO, 00209');
    expect(record.industry.map((entry) => entry.code)).toEqual(['5611201']);
    expect(record.activity_history[0]).toEqual({
      activity: 'Registration status set to BAIXADA (EXTINCAO POR ENCERRAMENTO LIQUIDACAO VOLUNTARIA)',
      date: '2023-07-05',
    });
  });

  it('answers not_found for a CNPJ the Receita Federal does not know', async () => {
    expect(await lookUp(brasilApi(ACTIVE), '98765432000198')).toEqual({
      outcome: 'not_found',
      detail: 'No company with CNPJ 98.765.432/0001-98 is registered with the Receita Federal.',
    });
  });

  it('fails transiently with Retry-After on a 429', async () => {
    const error = await failureOf(lookUp(() => ({ status: 429, headers: { 'retry-after': '12' } }), '11222333000181'));
    expect(error).toBeInstanceOf(RegistryTransientError);
    expect(error).toMatchObject({ code: 'registry_rate_limited', retryAfterSeconds: 12 });
  });

  it.each([500, 502, 503])('fails transiently on HTTP %i', async (status) => {
    const error = await failureOf(lookUp(() => ({ status }), '11222333000181'));
    expect(error).toBeInstanceOf(RegistryTransientError);
  });

  it('fails transiently when BrasilAPI never answers', async () => {
    const error = await failureOf(lookUp(() => 'hang', '11222333000181', 150));
    expect(error).toMatchObject({ code: 'registry_timeout' });
  });

  it('fails permanently on a 400 and on malformed JSON', async () => {
    const rejected = await failureOf(lookUp(() => ({ status: 400, body: { message: 'CNPJ inválido.', type: 'bad_request', name: 'BadRequestError' } }), '11222333000181'));
    expect(rejected).toBeInstanceOf(RegistryPermanentError);
    expect(rejected).toMatchObject({ code: 'registry_rejected_request' });
    await server?.close();
    const malformed = await failureOf(lookUp(() => ({ status: 200, body: '{"razao_social": ' }), '11222333000181'));
    expect(malformed).toMatchObject({ code: 'registry_bad_response' });
  });

  it('fails permanently on JSON that is not a CNPJ record', async () => {
    const error = await failureOf(lookUp(() => ({ status: 200, body: [] }), '11222333000181'));
    expect(error).toMatchObject({ code: 'registry_bad_response' });
  });

  it('refuses a CNPJ with wrong check digits before calling BrasilAPI', async () => {
    const error = await failureOf(lookUp(brasilApi(ACTIVE), '11222333000182'));
    expect(error).toMatchObject({ code: 'registry_invalid_input' });
    expect(server?.requests).toHaveLength(0);
  });
});
