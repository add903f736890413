/**
 * Request-level abuse over every route: odd path ids (very long, unicode, dots, percent-encoded
 * bytes), page parameters at and past their edges, many query parameters, odd idempotency keys.
 * Every answer is a documented 4xx (or a success) in the spec's error shape — never a 5xx.
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
  api = await startFullApi(tdb, 'request-abuse');
  key = (await createTestKey(tdb.db, 'staging')).key;
});
afterAll(async () => {
  await api?.close();
  await tdb?.destroy();
});

const ODD_IDS = ['x'.repeat(10_000), '%C3%A9%F0%9F%98%80', '..', '%2e%2e%2f%2e%2e', '-1', '0', '1e309', '00000000-0000-0000-0000-000000000000', 'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ', '%20', 'null'];

function expectNoServerError(res: { status: number; body: any; text: string }, what: string) {
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    const shaped = Array.isArray(res.body?.errors) || typeof res.body?.error === 'string' || typeof res.body?.error?.code === 'string';
    expect(shaped, `${what}: ${res.text.slice(0, 300)}`).toBe(true);
  }
}

describe('odd path ids', () => {
  it('every route with a path parameter answers 4xx, never 5xx', async () => {
    const routes = api.routes.filter((r) => /\{\w+\}/.test(r.path));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      for (const id of ODD_IDS) {
        const path = route.path.replace(/\{\w+\}/g, id);
        const res = await api.server.request(route.method.toUpperCase(), path, { key, ...(route.method === 'get' || route.method === 'delete' ? {} : { body: { data: {} } }) });
        expectNoServerError(res, `${route.method} ${route.path} with ${id.slice(0, 40)}`);
      }
    }
  }, 120_000);
});

describe('page parameters and query strings', () => {
  const PAGE_QUERIES = [
    'page[size]=0', 'page[size]=-1', 'page[size]=1e309', 'page[size]=100000000000000000000', 'page[size]=1.5', 'page[size]=abc', 'page[size]=', 'page[size][]=1',
    'page[size]=1&page[size]=2', 'page[after]=%FF%FE', `page[after]=${'A'.repeat(5000)}`, 'page[after]=eyJ4IjoxfQ', 'page[before]=!!!', 'page[number]=-5', 'page[number]=99999999999',
    'filter[status]=%00', `filter[x]=${'y'.repeat(5000)}`, 'sort=-created_at,-x', 'fields[document]=nope', 'include=../../etc',
  ];

  it('every list route answers 4xx or 2xx to odd page and filter parameters', async () => {
    const lists = api.routes.filter((r) => r.method === 'get' && !/\{\w+\}/.test(r.path) && !r.public);
    for (const route of lists) {
      for (const query of PAGE_QUERIES) {
        const res = await api.server.request('GET', `${route.path}?${query}`, { key });
        expectNoServerError(res, `GET ${route.path}?${query.slice(0, 60)}`);
      }
    }
  }, 120_000);

  it('two thousand query parameters (under the 16 KiB request-head limit) are refused or ignored, never a 5xx', async () => {
    const query = Array.from({ length: 2000 }, (_, i) => `p${i.toString(36)}=1`).join('&');
    const res = await api.server.request('GET', `/v1/screenings?${query}`, { key });
    expectNoServerError(res, 'many params');
  });
});

describe('idempotency keys', () => {
  const KEYS = ['', ' ', 'a'.repeat(5000), '\t', 'ключ', '%00', 'a,b', '../../x'];

  it('odd keys on the idempotent POSTs answer 4xx or 2xx, never a 5xx', async () => {
    for (const path of ['/v1/credentials', '/v1/workflows/execute']) {
      for (const idem of KEYS) {
        let res;
        try {
          res = await api.server.request('POST', path, { key, body: { data: {} }, headers: { 'Idempotency-Key': idem } });
        } catch {
          continue; // a header value fetch refuses to send (non-Latin-1) never reaches the server
        }
        expectNoServerError(res, `${path} key ${JSON.stringify(idem.slice(0, 20))}`);
      }
    }
  });

  it('twenty concurrent requests with one key: no 5xx', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.server.request('POST', '/v1/workflows/execute', { key, body: { data: { type: 'workflow_execution', attributes: {} } }, headers: { 'Idempotency-Key': 'same-key-for-all' } })));
    for (const res of answers) expectNoServerError(res, 'concurrent');
  });
});

describe('headers', () => {
  it('an API key with non-ASCII bytes, a huge one, or several: 401 in the auth shape', async () => {
    for (const bad of ['sk_staging_\u00e9\u00e9', `sk_staging_${'x'.repeat(8000)}`, `${key}, ${key}`]) {
      const res = await api.server.request('GET', '/v1/screenings', { headers: { 'X-Api-Key': bad } });
      expect(res.status, bad.slice(0, 30)).toBe(401);
      expect(res.body).toMatchObject({ error: 'unauthorized' });
    }
  });
});
