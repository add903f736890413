/**
 * Table-driven over every route the API registers: without a key → 401, with a malformed or revoked
 * key → 401, with a valid key lacking the route's scope → 403 (with the rate-limit headers). A route added without a scope fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Connection } from '@temporalio/client';
import { ALL_SCOPES } from '../../api/auth/scopes.js';
import { buildRoutes } from '../../api/routes.js';
import type { RouteDefinition } from '../../api/http/route.js';
import { revokeApiKey } from '../../infra/db/repositories/api-keys.repository.js';
import { createLogger } from '../../infra/logger/logger.js';
import { createObjectStorage } from '../../infra/storage/object-storage.js';
import { testEnv } from '../setup/test-env.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { createTestKey } from '../support/test-keys.js';
import { buildTestApp } from '../support/test-app.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { allOnOneQueue } from '../../workflows/shared/task-queues.js';
import { testSecrets } from '../support/test-config.js';

let tdb: TestDatabase;
let server: TestServer;
let routes: RouteDefinition[];
let connection: Connection;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const env = testEnv();
  connection = Connection.lazy({ address: env.temporalAddress });
  const storage = createObjectStorage({ endpoint: env.s3.endpoint, accessKey: env.s3.accessKey, secretKey: env.s3.secretKey, region: env.s3.region, bucket: 'route-scopes' });
  routes = buildRoutes({
    db: tdb.db, temporal: new Client({ connection, namespace: env.temporalNamespace }), storage,
    clock: () => new Date(), logger: createLogger({ level: 'silent' }), config: { S3_BUCKET: 'route-scopes', OUTBOUND_ALLOWLIST: '' }, secrets: testSecrets, taskQueues: allOnOneQueue('route-scopes'),
  });
  server = await startTestServer(buildTestApp({ db: tdb.db, routes }));
});
afterAll(async () => {
  await server?.close();
  await connection?.close();
  await tdb?.destroy();
});

const concretePath = (path: string) => path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');

describe('every registered route checks its scope', () => {
  it('every non-public route declares a known scope', () => {
    // Guards the walk below against passing vacuously over an empty route table.
    expect(routes.filter((r) => !r.public).length).toBeGreaterThan(20);
    for (const route of routes) {
      if (route.public) continue;
      expect(route.scope, `${route.method} ${route.path}`).toBeTruthy();
      expect(ALL_SCOPES).toContain(route.scope);
    }
  });

  it('401 without a key, with a malformed key and with a revoked key; 403 without the scope', async () => {
    const revoked = await createTestKey(tdb.db, 'staging');
    await revokeApiKey(tdb.db, revoked.id, new Date());
    for (const route of routes.filter((r) => !r.public)) {
      const label = `${route.method.toUpperCase()} ${route.path}`;
      const path = concretePath(route.path);
      const body = ['post', 'put', 'patch'].includes(route.method) ? {} : undefined;
      const none = await server.request(route.method.toUpperCase(), path, { body });
      expect(none.status, `${label} without key`).toBe(401);
      expect(none.body.error, label).toBe('unauthorized');
      const malformed = await server.request(route.method.toUpperCase(), path, { key: 'sk_staging_nope', body });
      expect(malformed.status, `${label} malformed key`).toBe(401);
      const rev = await server.request(route.method.toUpperCase(), path, { key: revoked.key, body });
      expect(rev.status, `${label} revoked key`).toBe(401);
      const others = ALL_SCOPES.filter((s) => s !== route.scope && !(route.scope === 'workflows:editor:read' && s === 'workflows:write'));
      const lacking = await createTestKey(tdb.db, 'staging', others);
      const forbidden = await server.request(route.method.toUpperCase(), path, { key: lacking.key, body });
      expect(forbidden.status, `${label} without scope ${route.scope}`).toBe(403);
      expect(forbidden.body).toEqual({ error: 'forbidden', message: expect.stringContaining(route.scope!) });
      // A refused request counts toward the key's limit and says so, like every authenticated answer.
      expect(forbidden.headers.get('x-ratelimit-limit'), `${label} 403 rate-limit headers`).toMatch(/^\d+$/);
      expect(forbidden.headers.get('x-ratelimit-remaining'), label).toMatch(/^\d+$/);
    }
  });

  it('a key of the wrong environment prefix with a valid secret is rejected', async () => {
    const { key } = await createTestKey(tdb.db, 'staging');
    const forged = key.replace('sk_staging_', 'sk_production_');
    const route = routes.find((r) => !r.public && r.method === 'get');
    if (!route) return;
    expect((await server.request('GET', concretePath(route.path), { key: forged })).status).toBe(401);
  });
});
