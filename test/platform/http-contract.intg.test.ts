/** The spec's error shapes and statuses, request ids, health endpoints: through a real app on a real database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { createLogger } from '../../infra/logger/logger.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { createTestKey } from '../support/test-keys.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { createWidgetsTable, widgetRoutes } from './fixtures/widgets.routes.js';

let tdb: TestDatabase;
let server: TestServer;
let key: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await createWidgetsTable(tdb.db);
  key = (await createTestKey(tdb.db, 'staging')).key;
  const app = createApp(
    {
      db: tdb.db,
      logger: createLogger({ level: 'silent' }),
      clock: () => new Date(),
      bodyLimitBytes: 2048,
      readiness: [
        { name: 'database', check: async () => {} },
        { name: 'temporal', check: async () => { throw new Error('connection refused'); } },
      ],
    },
    widgetRoutes(tdb.db),
  );
  server = await startTestServer(app);
});
afterAll(async () => {
  await server?.close();
  await tdb?.destroy();
});

const validWidget = { data: { type: 'widget', attributes: { name: 'w', color: 'red' } } };

describe('error shapes and statuses', () => {
  it('unknown route: 404 in the resource-error shape', async () => {
    const res = await server.request('GET', '/v1/nope', { key });
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toMatchObject({ status: '404', code: 'not_found', title: 'Not Found' });
    expect(res.body.meta.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('malformed JSON: 400', async () => {
    const res = await server.request('POST', '/v1/test/widgets', { key, rawBody: '{"data":', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('malformed_json');
  });

  it('JSON that is not an object: 422 "body must be an object", not "invalid JSON"', async () => {
    for (const raw of ['null', '12', '"text"', '[]', 'true']) {
      const res = await server.request('POST', '/v1/test/widgets', { key, rawBody: raw, headers: { 'Content-Type': 'application/json' } });
      expect(res.status, raw).toBe(422);
      expect(res.body.errors[0], raw).toMatchObject({ code: 'validation_error', detail: 'body must be an object' });
    }
  });

  it('a charset other than UTF-8: 415 naming the header', async () => {
    for (const type of ['application/json; charset=utf-16', 'application/json; charset=latin1', 'application/json;charset="UTF-16LE"']) {
      const res = await server.request('POST', '/v1/test/widgets', { key, rawBody: '{}', headers: { 'Content-Type': type } });
      expect(res.status, type).toBe(415);
      expect(res.body.errors[0], type).toMatchObject({ code: 'unsupported_media_type', source: { header: 'Content-Type' } });
    }
    const utf8 = await server.request('POST', '/v1/test/widgets', { key, rawBody: JSON.stringify({ data: { type: 'widget', attributes: { name: 'u', color: 'blue' } } }), headers: { 'Content-Type': 'application/json; charset=UTF-8' } });
    expect(utf8.status).toBe(201);
  });

  it('wrong content type: 415 naming the header', async () => {
    const res = await server.request('POST', '/v1/test/widgets', { key, rawBody: 'name=w', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.body.errors[0].source).toEqual({ header: 'Content-Type' });
  });

  it('body over the documented limit: 413', async () => {
    const res = await server.request('POST', '/v1/test/widgets', { key, body: { data: { type: 'widget', attributes: { name: 'x'.repeat(5000), color: 'red' } } } });
    expect(res.status).toBe(413);
    expect(res.body.errors[0].code).toBe('payload_too_large');
  });

  it('validation failure: 422 with source.pointer naming the field', async () => {
    const res = await server.request('POST', '/v1/test/widgets', { key, body: { data: { type: 'widget', attributes: { name: '', color: 'green' } } } });
    expect(res.status).toBe(422);
    const pointers = res.body.errors.map((e: any) => e.source.pointer).sort();
    expect(pointers).toEqual(['/data/attributes/color', '/data/attributes/name']);
    expect(res.body.errors[0]).toMatchObject({ status: '422', code: 'validation_error' });
  });

  it('missing body: 422 pointing at the body', async () => {
    const res = await server.request('POST', '/v1/test/widgets', { key });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe('/');
  });

  it('unknown body field: 422 pointing at it', async () => {
    const res = await server.request('POST', '/v1/test/widgets', { key, body: { data: { ...validWidget.data, extra: 1 } } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe('/data/extra');
  });

  it('bad query parameter: 400 with source.parameter', async () => {
    const res = await server.request('GET', '/v1/test/widgets?page[size]=abc', { key });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].source.parameter).toBe('page[size]');
    const unknown = await server.request('GET', '/v1/test/widgets?filter[colour]=red', { key });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].detail).toContain('filter[colour]');
  });

  it('internal errors never leak messages, SQL or stack traces', async () => {
    const res = await server.request('GET', '/v1/test/explode', { key });
    expect(res.status).toBe(500);
    expect(res.text).not.toMatch(/secret_table|db\.ts|at \//);
    expect(res.body.errors[0]).toMatchObject({ status: '500', code: 'internal_error' });
  });

  it('issuer public endpoints use the {error: {code, message, details, request_id}} shape', async () => {
    const res = await server.request('POST', '/v1/test/_public/verify', { body: { token: 'short' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: {
        code: 'validation_error',
        message: expect.stringContaining('token'),
        details: [{ issue: expect.any(String), field: '/token', hint: 'Invalid attribute' }],
        request_id: res.headers.get('x-request-id'),
      },
    });
  });

  it('auth errors use the {error, message} shape', async () => {
    const res = await server.request('GET', '/v1/test/widgets');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
  });
});

describe('request ids', () => {
  it('every response carries X-Request-Id; a well-formed incoming id is kept', async () => {
    const a = await server.request('GET', '/healthz');
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const b = await server.request('GET', '/v1/test/widgets', { key, headers: { 'X-Request-Id': 'client-trace-12345' } });
    expect(b.headers.get('x-request-id')).toBe('client-trace-12345');
    const c = await server.request('GET', '/healthz', { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(c.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('logging', () => {
  it('logs one info line per answered request and no error lines', async () => {
    const { Writable } = await import('node:stream');
    const lines: any[] = [];
    const destination = new Writable({ write(chunk, _e, cb) { lines.push(JSON.parse(String(chunk))); cb(); } });
    const logged = createApp(
      { db: tdb.db, logger: createLogger({ level: 'info', destination }), clock: () => new Date(), bodyLimitBytes: 2048, readiness: [] },
      widgetRoutes(tdb.db),
    );
    const s = await startTestServer(logged);
    try {
      const res = await s.request('GET', '/v1/test/widgets', { key });
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
      expect(lines.filter((l) => l.level === 'error')).toEqual([]);
      const requestLines = lines.filter((l) => l.msg === 'request');
      expect(requestLines).toHaveLength(1);
      expect(requestLines[0]).toMatchObject({ status: 200, route: '/v1/test/widgets', environment: 'staging', request_id: res.headers.get('x-request-id') });
      expect(JSON.stringify(lines)).not.toContain(key);
    } finally {
      await s.close();
    }
  });
});

describe('health', () => {
  it('/healthz answers without auth', async () => {
    const res = await server.request('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('/readyz is 503 naming the failing part', async () => {
    const res = await server.request('GET', '/readyz');
    expect(res.status).toBe(503);
    expect(res.body.failing).toEqual(['temporal']);
    expect(res.body.checks.database).toBe('ok');
    expect(res.body.checks.temporal).toContain('connection refused');
  });
});
