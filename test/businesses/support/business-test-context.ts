/**
 * Everything a business lookup integration test needs: a fresh database, the mock registries,
 * the API over the business routes, API keys for both environments and sessions to attach
 * lookups to. Temporal is the caller's choice (dev server workers or a time-skipping env): the
 * caller builds activities with `activitiesFor` and passes its client, task queues and waiter.
 */
import type { Client } from '@temporalio/client';
import { createBusinessLookupActivities } from '../../../activities/businesses/lookup/business-lookup.activities.js';
import { businessRoutes } from '../../../api/businesses/businesses.routes.js';
import type { LookupCompletionWaiter } from '../../../api/businesses/lookup-completion.js';
import type { FeatureDeps } from '../../../api/feature-deps.js';
import type { Db } from '../../../infra/db/create-db.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import { createObjectStorage } from '../../../infra/storage/object-storage.js';
import { testEnv } from '../../setup/test-env.js';
import { buildTestApp } from '../../support/test-app.js';
import { silentLogger, testConfig, testSecrets } from '../../support/test-config.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import type { MockRegistries } from './mock-registries.js';

export { silentLogger };

/** The business lookup activities over the test database, with registries at the mock server. */
export function activitiesFor(db: Db, registries: MockRegistries, registryTimeoutMs = 1000) {
  const config = testConfig({ ...registries.config, REGISTRY_TIMEOUT_MS: String(registryTimeoutMs) });
  return createBusinessLookupActivities({ db, clock: () => new Date(), logger: silentLogger, fetch: globalThis.fetch, config });
}

export async function startBusinessApi(options: {
  db: Db;
  client: Client;
  taskQueues: FeatureDeps['taskQueues'];
  syncWaitMs?: number;
  waitForCompletion?: LookupCompletionWaiter;
}): Promise<TestServer> {
  const deps: FeatureDeps = {
    db: options.db,
    temporal: options.client,
    storage: createObjectStorage({ ...testEnv().s3, bucket: 'business-lookups' }), // never used by these routes
    clock: () => new Date(),
    logger: silentLogger,
    config: { S3_BUCKET: 'unused', OUTBOUND_ALLOWLIST: '' },
    secrets: testSecrets,
    taskQueues: options.taskQueues,
    ...(options.syncWaitMs === undefined ? {} : { syncWaitMs: { business: options.syncWaitMs } }),
  };
  const routes = businessRoutes(deps, options.waitForCompletion ? { waitForCompletion: options.waitForCompletion } : {});
  return startTestServer(buildTestApp({ db: options.db, routes }));
}

/** A session row, straight in the table (the identity API is another feature's). */
export async function createSession(db: Db, environment: Environment): Promise<string> {
  const row = await db.insertInto('sessions').values({ environment, entity_type: 'business' }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function lookupBody(sessionId: string, country: string, input: Record<string, unknown>, async: boolean) {
  return {
    data: {
      type: 'business',
      meta: { search_parameters: { country, input, async } },
      relationships: { session: { data: { type: 'session', id: sessionId } } },
    },
  };
}
