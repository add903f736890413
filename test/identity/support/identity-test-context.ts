/**
 * What an identity integration test needs: a fresh database, a private bucket of its own, the
 * identity API over them, keys for both environments, and Temporal — none (a lazy client that is
 * never reached), real workers on the run's dev server, or a caller-provided client and task
 * queues (time-skipping tests).
 */
import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { createIdentityActivities } from '../../../activities/identity/identity.activities.js';
import type { FeatureDeps } from '../../../api/feature-deps.js';
import { identityRoutes } from '../../../api/identity/identity.routes.js';
import type { Db } from '../../../infra/db/create-db.js';
import { createObjectStorage, type ObjectStorage } from '../../../infra/storage/object-storage.js';
import { testEnv } from '../../setup/test-env.js';
import { buildTestApp } from '../../support/test-app.js';
import { silentLogger, testConfig, testSecrets } from '../../support/test-config.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { createTestKey } from '../../support/test-keys.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { startTestWorkers, type TestTemporal } from '../../support/test-worker.js';
import { allOnOneQueue } from '../../../workflows/shared/task-queues.js';
import { createPipelinedReadDb } from '../../../infra/db/pipelined-read-db.js';

export { silentLogger };

export interface IdentityTestContext {
  tdb: TestDatabase;
  db: Db;
  storage: ObjectStorage;
  api: TestServer;
  client: Client;
  taskQueues: FeatureDeps['taskQueues'];
  staging: string;
  production: string;
  close(): Promise<void>;
}

export function testStorage(): ObjectStorage {
  return createObjectStorage({ ...testEnv().s3, bucket: `identity-${randomBytes(5).toString('hex')}` });
}

/** The identity activities over a test database and bucket. */
export function identityActivitiesFor(db: Db, storage: ObjectStorage, clock: () => Date = () => new Date()) {
  return createIdentityActivities({ db, storage, clock, logger: silentLogger });
}

export async function startIdentityContext(options: {
  temporal: 'none' | 'workers' | { client: Client; taskQueues: FeatureDeps['taskQueues'] };
  clock?: () => Date;
  activityClock?: () => Date;
  /** Replaces some activities (e.g. one that blocks, to catch a workflow mid-way). */
  activityOverrides?: Record<string, (...args: never[]) => Promise<unknown>>;
}): Promise<IdentityTestContext> {
  const tdb = await createTestDatabase();
  const storage = testStorage();
  await storage.ensureBucket();
  let workers: TestTemporal | undefined;
  let lazy: Connection | undefined;
  let client: Client;
  let taskQueues: FeatureDeps['taskQueues'];
  if (options.temporal === 'workers') {
    workers = await startTestWorkers({ ...identityActivitiesFor(tdb.db, storage, options.activityClock), ...options.activityOverrides });
    client = workers.client;
    taskQueues = workers.taskQueues;
  } else if (options.temporal === 'none') {
    lazy = Connection.lazy({ address: testEnv().temporalAddress });
    client = new Client({ connection: lazy, namespace: testEnv().temporalNamespace });
    taskQueues = allOnOneQueue('unused');
  } else {
    client = options.temporal.client;
    taskQueues = options.temporal.taskQueues;
  }
  const clock = options.clock ?? (() => new Date());
  // The list and fetch routes read through a pipelined Db, as api/main.ts wires them.
  const readDb = createPipelinedReadDb(tdb.url);
  const deps: FeatureDeps = { db: tdb.db, readDb, temporal: client, storage, clock, logger: silentLogger, config: { S3_BUCKET: storage.bucket, OUTBOUND_ALLOWLIST: '' }, secrets: testSecrets, taskQueues };
  const api = await startTestServer(buildTestApp({ db: tdb.db, routes: identityRoutes(deps), clock }));
  const staging = (await createTestKey(tdb.db, 'staging')).key;
  const production = (await createTestKey(tdb.db, 'production')).key;
  return {
    tdb, db: tdb.db, storage, api, client, taskQueues, staging, production,
    async close() {
      await api.close();
      await workers?.close();
      await lazy?.close();
      await storage.removePrefix('').catch(() => 0);
      await readDb.destroy();
      await tdb.destroy();
    },
  };
}

/** A minimal valid account body. */
export function accountBody(attributes: Record<string, unknown> = {}) {
  return {
    data: {
      type: 'account',
      attributes: {
        person: { name: { first: 'Ada', middle: 'King', last: 'Lovelace' }, birth_date: '1985-12-10' },
        address: { line1: '12 St James Square', sublocality: 'St James', locality: 'London', administrative_area: 'Greater London', postal_code: 'SW1Y 4JH', country_code: 'gb' },
        identity_numbers: [{ number: 'QQ123456C', issuing_country_code: 'GB', class: 'national_insurance' }],
        ...attributes,
      },
    },
  };
}
