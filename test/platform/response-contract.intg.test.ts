/**
 * The check every test app runs: a response that does not match the published document — an
 * undocumented member, a wrong type, an undocumented status — fails as 500
 * response_contract_violation naming the problem, so the test that provoked it fails.
 */
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '../../api/http/route.js';
import { buildTestApp } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { createTestKey } from '../support/test-keys.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let tdb: TestDatabase;
let server: TestServer;
let key: string;

const thing = z.strictObject({ data: z.strictObject({ id: z.string(), size: z.number().int() }) });
const route = (path: string, status: number, body: unknown) =>
  defineRoute({
    method: 'get', path, scope: 'documents:read', summary: path, tag: 'test',
    schemas: { responses: { 200: { description: 'a thing', schema: thing } } },
    handler: async () => ({ status, body }),
  });

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createTestKey(tdb.db, 'staging')).key;
  server = await startTestServer(buildTestApp({
    db: tdb.db,
    routes: [
      route('/v1/test/good', 200, { data: { id: 'a', size: 1 } }),
      route('/v1/test/extra', 200, { data: { id: 'a', size: 1, secret: 'undocumented' } }),
      route('/v1/test/wrong-type', 200, { data: { id: 'a', size: '1' } }),
      route('/v1/test/status', 202, { data: { id: 'a', size: 1 } }),
    ],
  }));
});
afterAll(async () => {
  await server?.close();
  await tdb?.destroy();
});

describe('response contract in tests', () => {
  it('passes a conforming response', async () => {
    expect((await server.request('GET', '/v1/test/good', { key })).status).toBe(200);
  });

  it.each([
    ['/v1/test/extra', /must NOT have additional properties \(secret\)/],
    ['/v1/test/wrong-type', /\/data\/size must be integer/],
    ['/v1/test/status', /status 202 is not documented/],
  ])('%s fails as 500 naming the problem', async (path, detail) => {
    const res = await server.request('GET', path, { key });
    expect(res.status).toBe(500);
    expect(res.body.errors[0].code).toBe('response_contract_violation');
    expect(res.body.errors[0].detail).toMatch(detail);
  });

  it('error responses are checked too (they conform)', async () => {
    const res = await server.request('GET', '/v1/test/good');
    expect(res.status).toBe(401);
  });
});
