/**
 * What an event-pipeline integration test needs: a fresh database and bucket, every activity of
 * the service on real Temporal workers (dev server), the whole API over them, keys of both
 * environments, and — when asked — the relay workflows of the webhooks and audit consumers under
 * ids of this test (parallel test files share the Temporal server). Loopback is allowlisted for
 * outbound calls, and the retry schedule is short unless the test gives one.
 */
import { randomBytes } from 'node:crypto';
import { createActivities } from '../../../activities/index.js';
import type { FeatureDeps } from '../../../api/feature-deps.js';
import { buildRoutes } from '../../../api/routes.js';
import type { AppConfig } from '../../../infra/config/config.js';
import type { Db } from '../../../infra/db/create-db.js';
import type { Logger } from '../../../infra/logger/logger.js';
import { createObjectStorage, type ObjectStorage } from '../../../infra/storage/object-storage.js';
import { EVENT_CONSUMERS, EVENT_RELAY_WORKFLOW_TYPE } from '../../../workflows/event-relay/event-relay.contract.js';
import { testEnv } from '../../setup/test-env.js';
import { buildTestApp } from '../../support/test-app.js';
import { silentLogger, testConfig, testSecrets } from '../../support/test-config.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { createTestKey } from '../../support/test-keys.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { startTestWorkers, type TestTemporal } from '../../support/test-worker.js';

export interface EventsTestContext {
  tdb: TestDatabase;
  db: Db;
  storage: ObjectStorage;
  config: AppConfig;
  temporal: TestTemporal;
  api: TestServer;
  staging: string;
  production: string;
  keys: { staging: { id: string; key: string }; production: { id: string; key: string } };
  /** Starts the relay workflows (webhooks, audit) of this test. */
  startRelays(): Promise<void>;
  close(): Promise<void>;
}

export async function startEventsContext(options: { config?: Record<string, string>; relays?: boolean; logger?: Logger } = {}): Promise<EventsTestContext> {
  const logger = options.logger ?? silentLogger;
  const tdb = await createTestDatabase();
  const storage = createObjectStorage({ ...testEnv().s3, bucket: `events-${randomBytes(5).toString('hex')}` });
  await storage.ensureBucket();
  const config = testConfig({ S3_BUCKET: storage.bucket, OUTBOUND_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s', ...options.config });
  const clock = () => new Date();
  const temporal = await startTestWorkers(({ client, taskQueues }) =>
    createActivities({ db: tdb.db, storage, clock, logger, fetch: globalThis.fetch, config, secrets: testSecrets, temporal: client, taskQueues }),
  );
  const deps: FeatureDeps = {
    db: tdb.db, temporal: temporal.client, storage, clock, logger,
    config: { S3_BUCKET: storage.bucket, OUTBOUND_ALLOWLIST: config.OUTBOUND_ALLOWLIST }, secrets: testSecrets, taskQueues: temporal.taskQueues,
    syncWaitMs: { screening: 20_000, business: 20_000 },
  };
  const app = buildTestApp({ db: tdb.db, routes: buildRoutes(deps), clock, logger });
  const api = await startTestServer(app);
  const staging = await createTestKey(tdb.db, 'staging');
  const production = await createTestKey(tdb.db, 'production');
  const suffix = randomBytes(4).toString('hex');
  const relayIds: string[] = [];
  const context: EventsTestContext = {
    tdb, db: tdb.db, storage, config, temporal, api, staging: staging.key, production: production.key, keys: { staging, production },
    async startRelays() {
      for (const consumer of EVENT_CONSUMERS) {
        const workflowId = `event-relay-${consumer}-${suffix}`;
        relayIds.push(workflowId);
        await temporal.client.workflow.start(EVENT_RELAY_WORKFLOW_TYPE, { workflowId, taskQueue: temporal.taskQueues.events, args: [{ consumer }] });
      }
    },
    async close() {
      await (app.locals.auditRecorder as { flush(): Promise<void> }).flush();
      await api.close();
      await Promise.allSettled(relayIds.map((id) => temporal.client.workflow.getHandle(id).terminate('test finished')));
      await temporal.close();
      await storage.removePrefix('').catch(() => 0);
      await tdb.destroy();
    },
  };
  if (options.relays) await context.startRelays();
  return context;
}
