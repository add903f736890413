/**
 * What a workflow integration test needs: a fresh database with a small sanctions list, real
 * Temporal workers (dev server, unique queues) running the interpreter and the features its steps
 * use (screening, ZZ business registry, website checks), the workflow-trigger consumer of the
 * event log, the workflow and website check API, and keys for both environments.
 */
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { createBusinessLookupActivities } from '../../../activities/businesses/lookup/business-lookup.activities.js';
import { createEventRelayActivities } from '../../../activities/events/relay/event-relay.activities.js';
import { runConsumer } from '../../../activities/events/relay/relay-loop.js';
import { importListDirectory } from '../../../activities/screening/list-store/import-list-files.js';
import { createScreeningActivities } from '../../../activities/screening/screening-activities.js';
import { createUserWorkflowActivities } from '../../../activities/user-workflows/user-workflow.activities.js';
import { workflowTriggersConsumer } from '../../../activities/user-workflows/workflow-triggers.consumer.js';
import { createWebsiteCheckActivities, type WebsiteCheckActivityOptions } from '../../../activities/website-checks/website-check.activities.js';
import type { RateTier, TierLimit } from '../../../api/auth/rate-limit.js';
import type { Scope } from '../../../api/auth/scopes.js';
import type { FeatureDeps } from '../../../api/feature-deps.js';
import { websiteCheckRoutes } from '../../../api/website-checks/website-checks.routes.js';
import { workflowRoutes } from '../../../api/workflows/workflows.routes.js';
import type { Db } from '../../../infra/db/create-db.js';
import { workflowThreadSharing } from '../../../infra/temporal/shared-workflow-threads.js';
import { createObjectStorage } from '../../../infra/storage/object-storage.js';
import type { TaskQueueNames } from '../../../workflows/shared/task-queues.js';
import { testEnv } from '../../setup/test-env.js';
import { buildTestApp } from '../../support/test-app.js';
import { silentLogger, testConfig, testSecrets } from '../../support/test-config.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { createTestKey } from '../../support/test-keys.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { workflowBundle } from '../../support/test-worker.js';
import { randomBytes } from 'node:crypto';

const fixtureLists = path.resolve(import.meta.dirname, '../../fixtures/lists/ofac_csv/set');

/** Every activity a workflow execution may reach, over the test database. */
export function workflowTestActivities(db: Db, client: Client, options: { allowlist?: string; website?: WebsiteCheckActivityOptions } = {}) {
  const config = testConfig({ OUTBOUND_ALLOWLIST: options.allowlist ?? '127.0.0.1,localhost' });
  const base = { db, clock: () => new Date(), logger: silentLogger, config, fetch: globalThis.fetch };
  return {
    ...createScreeningActivities(base),
    ...createBusinessLookupActivities(base),
    ...createUserWorkflowActivities(base),
    ...createWebsiteCheckActivities(base, options.website),
    ...createEventRelayActivities(db, { workflow_triggers: workflowTriggersConsumer({ db, temporal: client, logger: silentLogger }) } as never),
  };
}

export interface WorkerSet {
  close(): Promise<void>;
}

/** Workers for every queue, on given queue names (a test can stop them and start new ones on the same queues). */
export async function startWorkers(taskQueues: TaskQueueNames, activities: object, connection?: NativeConnection): Promise<WorkerSet> {
  const env = testEnv();
  const native = connection ?? (await NativeConnection.connect({ address: env.temporalAddress }));
  const threads = workflowThreadSharing(1, await workflowBundle());
  const workers = await Promise.all(
    [...new Set(Object.values(taskQueues))].map((taskQueue) => threads.create({ connection: native, namespace: env.temporalNamespace, taskQueue, activities })),
  );
  const running = workers.map((w) => w.run());
  return {
    async close() {
      for (const w of workers) w.shutdown();
      await Promise.allSettled(running);
      if (!connection) await native.close();
    },
  };
}

export interface WorkflowTestContext {
  tdb: TestDatabase;
  db: Db;
  client: Client;
  taskQueues: TaskQueueNames;
  api: TestServer;
  workers: WorkerSet;
  keys: { staging: string; production: string };
  /** A key of the staging environment with only these scopes. */
  keyWith(scopes: Scope[]): Promise<string>;
  restartWorkers(): Promise<void>;
  close(): Promise<void>;
}

export function featureDeps(db: Db, client: Client, taskQueues: TaskQueueNames, extra: Partial<FeatureDeps> = {}): FeatureDeps {
  return {
    db, temporal: client, storage: createObjectStorage({ ...testEnv().s3, bucket: 'workflows-unused' }), clock: () => new Date(), logger: silentLogger,
    config: { S3_BUCKET: 'unused', OUTBOUND_ALLOWLIST: '127.0.0.1,localhost' }, secrets: testSecrets, taskQueues, ...extra,
  };
}

export async function startWorkflowContext(options: { rateLimits?: Record<RateTier, TierLimit>; website?: WebsiteCheckActivityOptions; syncWaitMs?: number } = {}): Promise<WorkflowTestContext> {
  const env = testEnv();
  const tdb = await createTestDatabase();
  await importListDirectory({ db: tdb.db, logger: silentLogger, clock: () => new Date() }, fixtureLists);
  const connection = await Connection.connect({ address: env.temporalAddress });
  const client = new Client({ connection, namespace: env.temporalNamespace });
  const suffix = randomBytes(4).toString('hex');
  const taskQueues = Object.fromEntries(['screening', 'businesses', 'identity', 'events', 'workflows', 'websiteChecks'].map((k) => [k, `test-wf-${k}-${suffix}`])) as TaskQueueNames;
  const activities = workflowTestActivities(tdb.db, client, options.website ? { website: options.website } : {});
  let workers = await startWorkers(taskQueues, activities);

  // The workflow-trigger consumer of the event log, as the worker's relay runs it.
  const relay = new AbortController();
  const relayRun = runConsumer(tdb.db, workflowTriggersConsumer({ db: tdb.db, temporal: client, logger: silentLogger }), { budgetMs: 30 * 60_000, signal: relay.signal });

  const deps = featureDeps(tdb.db, client, taskQueues, options.syncWaitMs === undefined ? {} : { syncWaitMs: { websiteCheck: options.syncWaitMs } });
  const api = await startTestServer(buildTestApp({ db: tdb.db, routes: [...workflowRoutes(deps), ...websiteCheckRoutes(deps)], ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}) }));
  const keys = { staging: (await createTestKey(tdb.db, 'staging')).key, production: (await createTestKey(tdb.db, 'production')).key };
  const ctx: WorkflowTestContext = {
    tdb, db: tdb.db, client, taskQueues, api, workers, keys,
    keyWith: async (scopes) => (await createTestKey(tdb.db, 'staging', scopes)).key,
    async restartWorkers() {
      await workers.close();
      workers = await startWorkers(taskQueues, activities);
      ctx.workers = workers;
    },
    async close() {
      relay.abort();
      await relayRun.catch(() => undefined);
      await api.close();
      await workers.close();
      await connection.close();
      await tdb.destroy();
    },
  };
  return ctx;
}

/** Creates, deploys and activates a workflow through the API; answers its id. */
export async function activeWorkflow(api: TestServer, key: string, definition: object, inputSchema: object = { type: 'object' }, name = 'test workflow'): Promise<string> {
  const created = await api.request('POST', '/v1/workflows', { key, body: { data: { type: 'workflow', attributes: { name, input_schema: inputSchema, definition } } } });
  if (created.status !== 201) throw new Error(`create workflow: ${created.status} ${created.text}`);
  const id = created.body.data.id as string;
  const deployed = await api.request('POST', `/v1/workflows/${id}/deploy`, { key });
  if (deployed.status !== 201) throw new Error(`deploy: ${deployed.status} ${deployed.text}`);
  const activated = await api.request('PUT', `/v1/workflows/${id}/state`, { key, body: { data: { type: 'workflow', attributes: { state: 'active' } } } });
  if (activated.status !== 200) throw new Error(`activate: ${activated.status} ${activated.text}`);
  return id;
}

export async function execute(api: TestServer, key: string, workflowId: string, input: object, extra: { version?: number; headers?: Record<string, string> } = {}) {
  return api.request('POST', '/v1/workflows/execute', {
    key,
    body: { data: { type: 'workflow_execution', attributes: { workflow_id: workflowId, input, ...(extra.version ? { version: extra.version } : {}) } } },
    ...(extra.headers ? { headers: extra.headers } : {}),
  });
}

/** Polls GET /v1/workflows/status/{id} until `done` holds for the execution (default: it has ended). */
export async function pollExecution(api: TestServer, key: string, id: string, done: (data: any) => boolean = (d) => d.attributes.status !== 'running', timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.request('GET', `/v1/workflows/status/${id}`, { key });
    if (res.status !== 200) throw new Error(`GET status ${id}: ${res.status} ${res.text}`);
    if (done(res.body.data)) return res.body.data;
    if (Date.now() > deadline) throw new Error(`execution ${id} not done within ${timeoutMs} ms: ${JSON.stringify(res.body.data.attributes)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
