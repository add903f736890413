/**
 * Hostile and odd input, across the real routes: NUL, unpaired surrogates, bytes that are not
 * UTF-8 and invisible-only names are refused at validation (422 with the pointer, 400 with the
 * parameter) — never a 500 the spec tells clients to retry forever — names are stored in NFC,
 * wrong types say what they must be, every error object has an id, a wrong method on an existing
 * path is 405 with Allow, and `total` is always in the page meta.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { createTestKey } from '../support/test-keys.js';
import { startFullApi, type FullApi } from './support/full-api.js';

let tdb: TestDatabase;
let api: FullApi;
let key: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  api = await startFullApi(tdb, 'hostile-input');
  key = (await createTestKey(tdb.db, 'staging')).key;
});
afterAll(async () => {
  await api?.close();
  await tdb?.destroy();
});

const SESSION = '00000000-0000-4000-8000-000000000001';
const screening = (query: Record<string, unknown>, type = 'screening/watchlist') => ({ data: { type, attributes: { query } } });
const lookup = (input: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  data: { type: 'business', meta: { search_parameters: { country: 'ZZ', input, ...extra } }, relationships: { session: { data: { type: 'session', id: SESSION } } } },
});
const account = (attributes: Record<string, unknown>) => ({ data: { type: 'account', attributes } });

async function post(path: string, body: unknown) {
  return api.server.request('POST', path, { key, body });
}

function expectRefused(res: { status: number; body: any }, pointer: string, detail: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  const item = res.body.errors.find((e: any) => e.source?.pointer === pointer);
  expect(item, JSON.stringify(res.body.errors)).toBeDefined();
  expect(item).toMatchObject({ status: '422', code: 'validation_error' });
  expect(item.detail).toMatch(detail);
}

describe('NUL and unpaired surrogates are refused in every string', () => {
  it('screening names: 422 pointing at the member', async () => {
    expectRefused(await post('/v1/screenings', screening({ name_first: 'A\u0000da', name_last: 'Lovelace' })), '/data/attributes/query/name_first', /NUL/);
    expectRefused(await post('/v1/screenings', screening({ name_first: 'Ada', name_last: 'Love\ud800lace' })), '/data/attributes/query/name_last', /surrogate/);
    expectRefused(await post('/v1/screenings', screening({ business_name: 'Acme\u0000', country: 'GB' }, 'screening/business-watchlist')), '/data/attributes/query/business_name', /NUL/);
    expectRefused(await post('/v1/screenings', screening({ business_name: '\udc00Acme', country: 'GB' }, 'screening/business-adverse-media')), '/data/attributes/query/business_name', /surrogate/);
  });

  it('business lookup official_name', async () => {
    expectRefused(await post('/v1/businesses', lookup({ official_name: 'Acme\u0000 Ltd' })), '/data/meta/search_parameters/input/official_name', /NUL/);
  });

  it('account person name and external_id, on POST and PATCH', async () => {
    expectRefused(await post('/v1/identity/accounts', account({ person: { name: { first: 'A\u0000' } } })), '/data/attributes/person/name/first', /NUL/);
    expectRefused(await post('/v1/identity/accounts', account({ external_id: 'ext\u0000' })), '/data/attributes/external_id', /NUL/);
    const created = await post('/v1/identity/accounts', account({ external_id: 'patch-me' }));
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const patch = (attributes: Record<string, unknown>) => api.server.request('PATCH', `/v1/identity/accounts/${id}`, { key, body: { data: { type: 'account', attributes } } });
    expectRefused(await patch({ external_id: 'x\u0000y' }), '/data/attributes/external_id', /NUL/);
    expectRefused(await patch({ person: { name: { first: '\ud83d' } } }), '/data/attributes/person/name/first', /surrogate/);
  });

  it('member names are checked too (free-form objects included)', async () => {
    const res = await post('/v1/identity/accounts', { data: { type: 'account', attributes: { 'bad\u0000key': 1 } } });
    expectRefused(res, '/data/attributes/bad\u0000key', /member name/);
  });

  it('query parameters: 400 naming the parameter', async () => {
    const res = await api.server.request('GET', '/v1/identity/accounts?filter[external_id]=a%00b', { key });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'invalid_parameter', source: { parameter: 'filter[external_id]' } });
    expect(res.body.errors[0].detail).toMatch(/NUL/);
  });

  it('a path parameter with NUL names nothing: 404', async () => {
    const res = await api.server.request('GET', '/v1/identity/accounts/a%00b', { key });
    expect(res.status).toBe(404);
  });
});

describe('values that cannot travel where they go', () => {
  it('an audit stream whose access key or region could not be sent in a header is refused, not retried forever', async () => {
    const stream = (extra: Record<string, unknown>) => ({ data: { type: 'audit_stream', attributes: { destination: { type: 's3', bucket: 'audit-bucket', access_key: 'AKIAEXAMPLE', secret_key: 'secret', ...extra } } } });
    expectRefused(await post('/v1/audit/streams', stream({ access_key: 'AKIA\nEXAMPLE' })), '/data/attributes/destination/access_key', /printable ASCII/);
    expectRefused(await post('/v1/audit/streams', stream({ access_key: 'clé' })), '/data/attributes/destination/access_key', /printable ASCII/);
    expectRefused(await post('/v1/audit/streams', stream({ region: 'eu west/1' })), '/data/attributes/destination/region', /region name/);
  });
});

describe('bytes that are not UTF-8', () => {
  it('in a JSON body: 422 pointing at the damaged string, nothing stored', async () => {
    const body = Buffer.concat([Buffer.from('{"data":{"type":"account","attributes":{"external_id":"bad'), Buffer.from([0xff, 0xfe]), Buffer.from('"}}}')]);
    const res = await fetch(`${api.server.baseUrl}/v1/identity/accounts`, { method: 'POST', headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' }, body });
    const json = (await res.json()) as any;
    expect(res.status).toBe(422);
    expect(json.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/external_id' } });
    expect(json.errors[0].detail).toMatch(/UTF-8/);
    const stored = await tdb.db.selectFrom('accounts').select('external_id').where('external_id', 'like', 'bad%').execute();
    expect(stored).toEqual([]);
  });

  it('in a query string (%FF): 400, never turned into U+FFFD', async () => {
    const res = await api.server.request('GET', '/v1/identity/accounts?filter[external_id]=caf%E9', { key });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'invalid_parameter', source: { parameter: 'filter[external_id]' } });
  });

  it('U+FFFD itself marks damaged text and is refused', async () => {
    expectRefused(await post('/v1/screenings', screening({ name_first: 'Jos\uFFFD', name_last: 'Silva' })), '/data/attributes/query/name_first', /U\+FFFD/);
  });
});

describe('names must show a visible character and are stored in NFC', () => {
  it('a name made only of zero-width characters is blank', async () => {
    expectRefused(await post('/v1/screenings', screening({ name_first: '\u200b\u200b', name_last: 'Lovelace' })), '/data/attributes/query/name_first', /blank/);
    expectRefused(await post('/v1/screenings', screening({ business_name: '\u2060\ufeff', country: 'GB' }, 'screening/business-watchlist')), '/data/attributes/query/business_name', /blank/);
    expectRefused(await post('/v1/identity/accounts', account({ person: { name: { first: '\u200b' } } })), '/data/attributes/person/name/first', /blank/);
    // For a lookup, blank counts as absent: ZZ then has no input at all.
    const res = await post('/v1/businesses', lookup({ official_name: '\u200b\u200c' }));
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe('/data/meta/search_parameters/input');
  });

  it('decomposed text is stored composed, and found by either form', async () => {
    const decomposed = 'Jose\u0301 Mari\u0301a';
    const created = await post('/v1/identity/accounts', account({ external_id: `nfc-${decomposed}`, person: { name: { first: decomposed } } }));
    expect(created.status).toBe(201);
    expect(created.body.data.attributes.person.name.first).toBe('José María');
    expect(created.body.data.attributes.person.name.first).toBe(decomposed.normalize('NFC'));
    const found = await api.server.request('GET', `/v1/identity/accounts?filter[external_id]=${encodeURIComponent(`nfc-${decomposed}`)}`, { key });
    expect(found.status).toBe(200);
    expect(found.body.data.map((a: any) => a.id)).toEqual([created.body.data.id]);
  });
});

describe('wrong types say what the value must be', () => {
  it('"byte_size": "10" must be an integer', async () => {
    const res = await post('/v1/identity/documents/addresses', { data: { attributes: { files: [{ filename: 'bill.pdf', byte_size: '10' }] } } });
    expectRefused(res, '/data/attributes/files/0/byte_size', /^byte_size must be an integer$/);
  });

  it('query: [] must be an object', async () => {
    expectRefused(await post('/v1/screenings', screening([] as never)), '/data/attributes/query', /^query must be an object$/);
  });

  it('"async": "false" must be a boolean', async () => {
    expectRefused(await post('/v1/businesses', lookup({ official_name: 'Acme Test Ltd' }, { async: 'false' })), '/data/meta/search_parameters/async', /^async must be a boolean/);
  });

  it('relationships: null must be an object', async () => {
    const res = await post('/v1/screenings', { data: { type: 'screening/watchlist', attributes: { query: { name_first: 'A', name_last: 'B' } }, relationships: null } });
    expectRefused(res, '/data/relationships', /^relationships must be an object$/);
  });

  it('a missing member is still "is required"', async () => {
    expectRefused(await post('/v1/screenings', screening({ name_last: 'B' })), '/data/attributes/query/name_first', /^name_first is required$/);
  });
});

describe('hostile shapes', () => {
  it('nesting past the limit is a 422, not a crash', async () => {
    const deep = `${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`;
    const rawBody = `{"data":{"type":"account","attributes":{"external_id":${deep}}}}`;
    const res = await api.server.request('POST', '/v1/identity/accounts', { key, rawBody, headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].detail).toMatch(/nested more than/);
  });

  it('a member named __proto__ is an unknown member, not a prototype', async () => {
    const res = await api.server.request('POST', '/v1/identity/accounts', { key, rawBody: '{"data":{"type":"account","attributes":{"__proto__":{"external_id":"x"}}}}', headers: { 'Content-Type': 'application/json' } });
    expectRefused(res, '/data/attributes/__proto__', /unknown field/);
  });
});

describe('error objects, methods and page meta', () => {
  it('every resource error object has an id (unique per occurrence)', async () => {
    const a = await post('/v1/screenings', screening({}));
    const b = await api.server.request('GET', '/v1/identity/accounts/00000000-0000-4000-8000-000000000000', { key });
    const ids = [...a.body.errors, ...b.body.errors].map((e: any) => e.id);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a wrong method on an existing path is 405 with Allow', async () => {
    const res = await api.server.request('DELETE', '/v1/screenings', { key });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(res.body.errors[0]).toMatchObject({ status: '405', code: 'method_not_allowed' });
    const item = await api.server.request('PUT', '/v1/identity/accounts/00000000-0000-4000-8000-000000000000', { key });
    expect(item.status).toBe(405);
    expect(item.headers.get('allow')).toBe('GET, HEAD, PATCH');
    const options = await api.server.request('OPTIONS', '/v1/businesses');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, POST');
    expect((await api.server.request('GET', '/v1/nothing-here', { key })).status).toBe(404);
  });

  it('page meta always carries total: null unless counted', async () => {
    const plain = await api.server.request('GET', '/v1/screenings?page[size]=2', { key });
    expect(plain.status).toBe(200);
    expect(plain.body.meta.page_info).toHaveProperty('total', null);
    const counted = await api.server.request('GET', '/v1/identity/accounts?page[include_total]=true', { key });
    expect(counted.body.meta.page.total).toEqual(expect.any(Number));
    const uncounted = await api.server.request('GET', '/v1/identity/accounts', { key });
    expect(uncounted.body.meta.page).toHaveProperty('total', null);
  });
});
