/**
 * The request's child logger is made on first use: a request whose handler logs nothing makes no
 * pino child (with redaction, not free on the hot path), one that logs gets its child with the
 * request id, once.
 */
import { Writable } from 'node:stream';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { defineRoute } from '../../api/http/route.js';
import { createLogger, type Logger } from '../../infra/logger/logger.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { createTestKey } from '../support/test-keys.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let tdb: TestDatabase;
let server: TestServer;
let key: string;
let children = 0;
const lines: Record<string, unknown>[] = [];

const okDocument = z.strictObject({ data: z.strictObject({ ok: z.boolean() }) });

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createTestKey(tdb.db, 'staging')).key;
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  // Warn level, as in production load tests: the per-request info line is off.
  const logger = createLogger({ level: 'warn', destination });
  const child = logger.child.bind(logger);
  (logger as { child: Logger['child'] }).child = ((...args: Parameters<Logger['child']>) => {
    children += 1;
    return child(...args);
  }) as Logger['child'];
  const route = (path: string, logs: boolean) =>
    defineRoute({
      method: 'get', path, scope: 'documents:read', summary: path, tag: 'test',
      schemas: { responses: { 200: { description: 'ok', schema: okDocument } } },
      async handler({ ctx }) {
        if (logs) ctx.log.warn({ step: 'handler' }, 'something to say');
        return { status: 200, body: { data: { ok: true } } };
      },
    });
  const app = createApp(
    { db: tdb.db, logger, clock: () => new Date(), bodyLimitBytes: 2048, readiness: [] },
    [route('/v1/test/quiet', false), route('/v1/test/talkative', true)],
  );
  server = await startTestServer(app);
});
afterAll(async () => {
  await server?.close();
  await tdb?.destroy();
});

describe('request logger', () => {
  it('a handler that logs nothing makes no child logger', async () => {
    const before = children;
    for (let i = 0; i < 3; i++) expect((await server.request('GET', '/v1/test/quiet', { key })).status).toBe(200);
    expect(children - before).toBe(0);
  });

  it('a handler that logs gets one child carrying the request id', async () => {
    const before = children;
    const res = await server.request('GET', '/v1/test/talkative', { key, headers: { 'X-Request-Id': 'req-logger-test-1' } });
    expect(res.status).toBe(200);
    expect(children - before).toBe(1);
    expect(lines.find((line) => line.msg === 'something to say')).toMatchObject({ request_id: 'req-logger-test-1', step: 'handler', level: 'warn' });
  });
});
