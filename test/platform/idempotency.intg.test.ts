/** Idempotency-Key on creating POSTs: replay, 409 while running, 422 on another payload, expiry, environment scope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { createTestKey } from '../support/test-keys.js';
import { buildTestApp } from '../support/test-app.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { unprocessable } from '../../api/http/errors.js';
import { createWidgetsTable, widgetRoutes } from './fixtures/widgets.routes.js';

let tdb: TestDatabase;
let server: TestServer;
let staging: string;
let production: string;
let now = new Date('2026-11-23T10:00:00Z');
let gate: Promise<void> | null = null;
let refuse = false;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await createWidgetsTable(tdb.db);
  staging = (await createTestKey(tdb.db, 'staging')).key;
  production = (await createTestKey(tdb.db, 'production')).key;
  const routes = widgetRoutes(tdb.db, {
    onCreate: async () => {
      if (gate) await gate;
      if (refuse) throw unprocessable('widget_refused', 'refused for the test', { pointer: '/data/attributes/name' });
    },
  });
  server = await startTestServer(buildTestApp({ db: tdb.db, routes, clock: () => now }));
});
afterAll(async () => {
  await server?.close();
  await tdb?.destroy();
});

const widget = (name: string) => ({ data: { type: 'widget', attributes: { name, color: 'blue' } } });
const count = async () => Number((await sql<{ n: string }>`select count(*) as n from widgets`.execute(tdb.db)).rows[0]!.n);

describe('idempotency', () => {
  it('replays a stored client error in today\'s error shape (a new occurrence id, this request\'s id)', async () => {
    refuse = true;
    try {
      const first = await server.request('POST', '/v1/test/widgets', { key: staging, body: widget('r'), headers: { 'Idempotency-Key': 'key-refused' } });
      const again = await server.request('POST', '/v1/test/widgets', { key: staging, body: widget('r'), headers: { 'Idempotency-Key': 'key-refused' } });
      expect(first.status).toBe(422);
      expect(again.status).toBe(422);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.errors[0]).toMatchObject({ code: 'widget_refused', source: { pointer: '/data/attributes/name' }, id: expect.any(String) });
      expect(again.body.errors[0].id).not.toBe(first.body.errors[0].id);
      expect(again.body.meta.request_id).toBe(again.headers.get('x-request-id'));
    } finally {
      refuse = false;
    }
  });

  it('replays the original status, body (byte for byte) and Location without running again', async () => {
    const before = await count();
    const first = await server.request('POST', '/v1/test/widgets', { key: staging, body: widget('a'), headers: { 'Idempotency-Key': 'key-replay' } });
    const second = await server.request('POST', '/v1/test/widgets', { key: staging, body: widget('a'), headers: { 'Idempotency-Key': 'key-replay' } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.text).toBe(first.text);
    expect(first.headers.get('location')).toBe(`/v1/test/widgets/${first.body.data.id}`);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await count()).toBe(before + 1);
  });

  it('answers 422 when the same key comes with a different payload', async () => {
    await server.request('POST', '/v1/test/widgets', { key: staging, body: widget('b'), headers: { 'Idempotency-Key': 'key-diff' } });
    const res = await server.request('POST', '/v1/test/widgets', { key: staging, body: widget('c'), headers: { 'Idempotency-Key': 'key-diff' } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'idempotency_key_reused', source: { header: 'Idempotency-Key' } });
  });

  it('answers 409 to a concurrent request with the same key', async () => {
    let release!: () => void;
    gate = new Promise((r) => { release = r; });
    const first = server.request('POST', '/v1/test/widgets', { key: staging, body: widget('d'), headers: { 'Idempotency-Key': 'key-concurrent' } });
    // poll until the first request holds the key
    for (let i = 0; i < 100; i++) {
      const held = await sql`select 1 from idempotency_keys where idempotency_key = 'key-concurrent'`.execute(tdb.db);
      if (held.rows.length > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const second = await server.request('POST', '/v1/test/widgets', { key: staging, body: widget('d'), headers: { 'Idempotency-Key': 'key-concurrent' } });
    expect(second.status).toBe(409);
    expect(second.body.errors[0].code).toBe('idempotency_key_in_use');
    release();
    gate = null;
    expect((await first).status).toBe(201);
  });

  it('runs again after the 24-hour window', async () => {
    const before = await count();
    await server.request('POST', '/v1/test/widgets', { key: staging, body: widget('e'), headers: { 'Idempotency-Key': 'key-expiry' } });
    now = new Date(now.getTime() + 24 * 3600 * 1000 + 1000);
    const again = await server.request('POST', '/v1/test/widgets', { key: staging, body: widget('e'), headers: { 'Idempotency-Key': 'key-expiry' } });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await count()).toBe(before + 2);
  });

  it('scopes keys to the environment', async () => {
    const s = await server.request('POST', '/v1/test/widgets', { key: staging, body: widget('f'), headers: { 'Idempotency-Key': 'key-env' } });
    const p = await server.request('POST', '/v1/test/widgets', { key: production, body: widget('f'), headers: { 'Idempotency-Key': 'key-env' } });
    expect(p.status).toBe(201);
    expect(p.headers.get('idempotent-replayed')).toBeNull();
    expect(p.body.data.id).not.toBe(s.body.data.id);
  });

  it('does not burn a key on a request that fails validation, and rejects malformed keys', async () => {
    const bad = { data: { type: 'widget', attributes: { name: '', color: 'blue' } } };
    const a = await server.request('POST', '/v1/test/widgets', { key: staging, body: bad, headers: { 'Idempotency-Key': 'key-invalid' } });
    expect(a.status).toBe(422);
    const fixed = await server.request('POST', '/v1/test/widgets', { key: staging, body: widget('fixed'), headers: { 'Idempotency-Key': 'key-invalid' } });
    expect(fixed.status).toBe(201);
    const long = await server.request('POST', '/v1/test/widgets', { key: staging, body: widget('g'), headers: { 'Idempotency-Key': 'x'.repeat(300) } });
    expect(long.status).toBe(400);
    expect(long.body.errors[0].source).toEqual({ header: 'Idempotency-Key' });
  });
});
