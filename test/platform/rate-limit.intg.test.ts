/** Token-bucket rate limits in PostgreSQL: burst, refill, headers, Retry-After, tiers, two processes. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../api/auth/rate-limit.js';
import { z } from 'zod';
import { defineRoute } from '../../api/http/route.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { createTestKey } from '../support/test-keys.js';
import { buildTestApp } from '../support/test-app.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { createWidgetsTable, widgetRoutes } from './fixtures/widgets.routes.js';

let tdb: TestDatabase;
let server: TestServer;
let now = new Date('2026-11-23T10:00:00.000Z');
const limits = { default: { perMinute: 60, burst: 5 }, workflow_execution: { perMinute: 6, burst: 2 }, batch_issue: DEFAULT_RATE_LIMITS.batch_issue };

const executeRoute = defineRoute({
  method: 'post', path: '/v1/test/execute', scope: 'workflows:execute', rateTier: 'workflow_execution', idempotent: false,
  summary: 'tier test', tag: 'test', schemas: { responses: { 202: { description: 'ok', schema: z.strictObject({ ok: z.boolean() }) } } },
  handler: async () => ({ status: 202, body: { ok: true } }),
});

beforeAll(async () => {
  tdb = await createTestDatabase();
  await createWidgetsTable(tdb.db);
  server = await startTestServer(buildTestApp({ db: tdb.db, routes: [...widgetRoutes(tdb.db), executeRoute], clock: () => now, rateLimits: limits }));
});
afterAll(async () => {
  await server?.close();
  await tdb?.destroy();
});

describe('rate limits', () => {
  it('the spec tiers are the defaults', () => {
    expect(DEFAULT_RATE_LIMITS.default).toEqual({ perMinute: 300, burst: 500 });
    expect(DEFAULT_RATE_LIMITS.workflow_execution).toEqual({ perMinute: 60, burst: 100 });
    expect(DEFAULT_RATE_LIMITS.batch_issue).toEqual({ perMinute: 10, burst: 10 });
  });

  it('allows the burst, then answers 429 with Retry-After, and refills over time', async () => {
    const { key } = await createTestKey(tdb.db, 'staging');
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await server.request('GET', '/v1/test/widgets', { key });
      statuses.push(last.status);
      if (i === 0) {
        expect(last.headers.get('x-ratelimit-limit')).toBe('60');
        expect(last.headers.get('x-ratelimit-remaining')).toBe('4');
        // one token per second at 60/min: full again 1 s after now
        expect(Number(last.headers.get('x-ratelimit-reset'))).toBe(Math.ceil(now.getTime() / 1000) + 1);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.body).toEqual({ error: 'rate_limited', message: expect.any(String) });
    expect(last!.headers.get('retry-after')).toBe('1');
    expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');

    now = new Date(now.getTime() + 2000); // two tokens back
    expect((await server.request('GET', '/v1/test/widgets', { key })).status).toBe(200);
    expect((await server.request('GET', '/v1/test/widgets', { key })).status).toBe(200);
    expect((await server.request('GET', '/v1/test/widgets', { key })).status).toBe(429);
  });

  it('keeps a separate bucket per key and per tier', async () => {
    const a = await createTestKey(tdb.db, 'staging');
    const b = await createTestKey(tdb.db, 'staging');
    for (let i = 0; i < 5; i++) await server.request('GET', '/v1/test/widgets', { key: a.key });
    expect((await server.request('GET', '/v1/test/widgets', { key: a.key })).status).toBe(429);
    expect((await server.request('GET', '/v1/test/widgets', { key: b.key })).status).toBe(200);
    const tier = [];
    for (let i = 0; i < 3; i++) tier.push((await server.request('POST', '/v1/test/execute', { key: a.key })).status);
    expect(tier).toEqual([202, 202, 429]);
  });

  it('rate-limit headers ride on error responses of authenticated requests too', async () => {
    const { key } = await createTestKey(tdb.db, 'staging');
    const res = await server.request('GET', '/v1/test/widgets/00000000-0000-4000-8000-000000000000', { key });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('4');
  });

  it('holds across two API processes sharing one database', async () => {
    const { key } = await createTestKey(tdb.db, 'production');
    const script = path.resolve(import.meta.dirname, 'fixtures/rate-limited-api.process.ts');
    const procs = [0, 1].map(() => spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, TEST_DATABASE_URL_FOR_PROCESS: tdb.url, RATE_BURST: '10', RATE_PER_MINUTE: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    }));
    try {
      const ports = await Promise.all(procs.map((p) => new Promise<number>((resolve, reject) => {
        p.stdout!.on('data', (d: Buffer) => { const m = /PORT=(\d+)/.exec(String(d)); if (m) resolve(Number(m[1])); });
        p.on('exit', (code) => reject(new Error(`api process exited ${code}`)));
      })));
      const results = await Promise.all(Array.from({ length: 16 }, (_, i) =>
        fetch(`http://127.0.0.1:${ports[i % 2]}/v1/test/widgets`, { headers: { 'X-Api-Key': key } }).then((r) => r.status)));
      expect(results.filter((s) => s === 200)).toHaveLength(10);
      expect(results.filter((s) => s === 429)).toHaveLength(6);
    } finally {
      for (const p of procs) p.kill('SIGTERM');
    }
  });
});
