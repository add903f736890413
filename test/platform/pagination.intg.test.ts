/** The one pagination helper: cursors both ways, total, page size bounds, filters; environment isolation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { createTestKey } from '../support/test-keys.js';
import { buildTestApp } from '../support/test-app.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { createWidgetsTable, widgetRoutes } from './fixtures/widgets.routes.js';

let tdb: TestDatabase;
let server: TestServer;
let staging: string;
let production: string;
const created: string[] = []; // oldest first

beforeAll(async () => {
  tdb = await createTestDatabase();
  await createWidgetsTable(tdb.db);
  staging = (await createTestKey(tdb.db, 'staging')).key;
  production = (await createTestKey(tdb.db, 'production')).key;
  server = await startTestServer(buildTestApp({ db: tdb.db, routes: widgetRoutes(tdb.db) }));
  for (let i = 0; i < 7; i++) {
    const res = await server.request('POST', '/v1/test/widgets', { key: staging, body: { data: { type: 'widget', attributes: { name: `w${i}`, color: i % 2 ? 'red' : 'blue' } } } });
    created.push(res.body.data.id);
  }
  await server.request('POST', '/v1/test/widgets', { key: production, body: { data: { type: 'widget', attributes: { name: 'prod', color: 'red' } } } });
});
afterAll(async () => {
  await server?.close();
  await tdb?.destroy();
});

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((d) => d.id);
const newestFirst = () => [...created].reverse();

// The same behaviour from paginate (built per request) and PagedList (compiled once per shape).
describe.each(['/v1/test/widgets', '/v1/test/templated-widgets'])('pagination of %s', (list) => {
  it('defaults to 15 per page, newest first, total null (not counted)', async () => {
    const res = await server.request('GET', list, { key: staging });
    expect(ids(res)).toEqual(newestFirst());
    expect(res.body.meta.page).toEqual({ cursors: { start: created[6], end: created[0] }, hasNextPage: false, hasPreviousPage: false, total: null });
  });

  it('walks forward with page[after] and back with page[before]', async () => {
    const p1 = await server.request('GET', `${list}?page[size]=3&page[include_total]=true`, { key: staging });
    expect(ids(p1)).toEqual(newestFirst().slice(0, 3));
    expect(p1.body.meta.page).toMatchObject({ hasNextPage: true, hasPreviousPage: false, total: 7 });
    expect(p1.body.links.next).toBe(`${list}?page[size]=3&page[include_total]=true&page[after]=${p1.body.meta.page.cursors.end}`);
    expect(p1.body.links.prev).toBeNull();

    const p2 = await server.request('GET', p1.body.links.next, { key: staging });
    expect(ids(p2)).toEqual(newestFirst().slice(3, 6));
    expect(p2.body.meta.page).toMatchObject({ hasNextPage: true, hasPreviousPage: true });

    const p3 = await server.request('GET', p2.body.links.next, { key: staging });
    expect(ids(p3)).toEqual(newestFirst().slice(6));
    expect(p3.body.meta.page).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(p3.body.links.next).toBeNull();

    const back = await server.request('GET', p3.body.links.prev, { key: staging });
    expect(ids(back)).toEqual(newestFirst().slice(3, 6));
    expect(back.body.meta.page).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const first = await server.request('GET', back.body.links.prev, { key: staging });
    expect(ids(first)).toEqual(newestFirst().slice(0, 3));
    expect(first.body.meta.page).toMatchObject({ hasPreviousPage: false });
  });

  it('applies filters and counts only what matches', async () => {
    const res = await server.request('GET', `${list}?filter[color]=red&page[include_total]=true`, { key: staging });
    expect(res.body.data.every((d: any) => d.attributes.color === 'red')).toBe(true);
    expect(res.body.meta.page.total).toBe(3);
  });

  it.each(['0', '101', '-1', '1.5', 'ten'])('rejects page[size]=%s with 400', async (size) => {
    const res = await server.request('GET', `${list}?page[size]=${size}`, { key: staging });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].source.parameter).toBe('page[size]');
  });

  it('accepts the bounds 1 and 100', async () => {
    expect(ids(await server.request('GET', `${list}?page[size]=1`, { key: staging }))).toHaveLength(1);
    expect((await server.request('GET', `${list}?page[size]=100`, { key: staging })).status).toBe(200);
  });

  it('rejects a cursor that is not an item of the list, and combined cursors', async () => {
    const res = await server.request('GET', `${list}?page[after]=00000000-0000-4000-8000-000000000000`, { key: staging });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('invalid_cursor');
    const both = await server.request('GET', `${list}?page[after]=${created[1]}&page[before]=${created[2]}`, { key: staging });
    expect(both.status).toBe(400);
  });
});

describe('environment isolation', () => {
  it('a production key neither lists nor reads staging records, and the reverse', async () => {
    const prodList = await server.request('GET', '/v1/test/widgets?page[include_total]=true', { key: production });
    expect(prodList.body.meta.page.total).toBe(1);
    expect(ids(prodList)).not.toContain(created[0]);
    const read = await server.request('GET', `/v1/test/widgets/${created[0]}`, { key: production });
    expect(read.status).toBe(404);
    const prodId = prodList.body.data[0].id;
    expect((await server.request('GET', `/v1/test/widgets/${prodId}`, { key: staging })).status).toBe(404);
    expect((await server.request('GET', `/v1/test/widgets/${prodId}`, { key: production })).status).toBe(200);
    // a staging cursor is not a production list item
    expect((await server.request('GET', `/v1/test/widgets?page[after]=${created[0]}`, { key: production })).status).toBe(400);
  });

  it('the templated list binds each request\'s environment: compiled under staging, run under production', async () => {
    // The staging pages above compiled every shape used here; the environment is a bound value, not part of the text.
    const prodList = await server.request('GET', '/v1/test/templated-widgets?page[include_total]=true', { key: production });
    expect(ids(prodList)).toHaveLength(1);
    expect(prodList.body.meta.page.total).toBe(1);
    expect(ids(prodList)).not.toContain(created[0]);
    expect((await server.request('GET', `/v1/test/templated-widgets?page[after]=${created[0]}`, { key: production })).status).toBe(400);
    const stagingAgain = await server.request('GET', '/v1/test/templated-widgets?page[include_total]=true', { key: staging });
    expect(stagingAgain.body.meta.page.total).toBe(7);
    expect(ids(stagingAgain)).not.toContain(prodList.body.data[0].id);
  });
});
