/** The OpenAPI 3.1 document is generated from the route schemas and served with a readable reference page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { buildTestApp } from '../support/test-app.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { widgetRoutes } from './fixtures/widgets.routes.js';

let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(buildTestApp({ db: tdb.db, routes: widgetRoutes(tdb.db) }));
});
afterAll(async () => {
  await server?.close();
  await tdb?.destroy();
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document built from the validation schemas', async () => {
    const res = await server.request('GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const create = res.body.paths['/v1/test/widgets'].post;
    expect(create['x-required-scope']).toBe('documents:write');
    const attrs = create.requestBody.content['application/json'].schema.properties.data.properties.attributes;
    expect(attrs.properties.color.enum).toEqual(['red', 'blue']);
    expect(attrs.properties.name.maxLength).toBe(20);
    expect(create.parameters.map((p: any) => p.name)).toContain('Idempotency-Key');
    const list = res.body.paths['/v1/test/widgets'].get;
    expect(list.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['page[size]', 'page[after]', 'page[before]', 'page[include_total]', 'filter[color]']));
    expect(res.body.paths['/v1/test/widgets/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
  });

  it('serves a human-readable reference at /docs without auth', async () => {
    const res = await server.request('GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('/v1/test/widgets');
    expect(res.text).toContain('scope: documents:write');
  });
});
