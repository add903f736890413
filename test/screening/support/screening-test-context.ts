/**
 * What a screening API test needs: a fresh database, the screening activities on a real worker
 * (Temporal dev server, unique task queues), the API over the screening routes, and keys for both
 * environments. Lists are the caller's choice (import them with `importLists`).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createEventRelayActivities } from '../../../activities/events/relay/event-relay.activities.js';
import { screeningMonitoringConsumer } from '../../../activities/screening/monitoring/screening-monitoring.consumer.js';
import { EVENT_RELAY_WORKFLOW_TYPE } from '../../../workflows/event-relay/event-relay.contract.js';
import { createScreeningActivities } from '../../../activities/screening/screening-activities.js';
import type { FinishedScreenings } from '../../../activities/screening/finished-screenings.model.js';
import { importListDirectory } from '../../../activities/screening/list-store/import-list-files.js';
import type { ListImportReport } from '../../../activities/screening/list-store/list-import.js';
import type { FeatureDeps } from '../../../api/feature-deps.js';
import { screeningRoutes } from '../../../api/screenings/screenings.routes.js';
import { createPipelinedReadDb } from '../../../infra/db/pipelined-read-db.js';
import type { Db } from '../../../infra/db/create-db.js';
import { createObjectStorage } from '../../../infra/storage/object-storage.js';
import { testEnv } from '../../setup/test-env.js';
import { buildTestApp } from '../../support/test-app.js';
import { silentLogger, testConfig, testSecrets } from '../../support/test-config.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { createTestKey } from '../../support/test-keys.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { startTestWorkers, type TestTemporal } from '../../support/test-worker.js';
import { realListsDir } from './list-files.js';

export { silentLogger, testConfig };

export function screeningActivitiesFor(db: Db, extraConfig: Record<string, string> = {}, downloadRoot?: string, finished?: FinishedScreenings) {
  return createScreeningActivities({ db, clock: () => new Date(), logger: silentLogger, config: testConfig(extraConfig) }, { ...(downloadRoot ? { downloadRoot } : {}), ...(finished ? { finished } : {}) });
}

export interface ScreeningTestContext {
  tdb: TestDatabase;
  temporal: TestTemporal;
  api: TestServer;
  keys: { staging: string; production: string; readOnly: string };
  close(): Promise<void>;
}

/**
 * `finished`: the screening runs hand the rows they store to the API's waiting requests through it,
 * as the API's own screening worker does (the test worker runs in this process like that one).
 * `eagerScreeningClient`: the client the routes start eager workflows with (api/main.ts: the API's own
 * screening worker's), where a test needs one.
 */
export async function startScreeningContext(options: { syncWaitMs?: number; monitoring?: boolean; finished?: FinishedScreenings; eagerScreeningClient?: FeatureDeps['eagerScreeningClient'] } = {}): Promise<ScreeningTestContext> {
  const tdb = await createTestDatabase();
  // With monitoring: the monitoring consumer of the event log runs too (its relay started below).
  const temporal = await startTestWorkers(({ client, taskQueues }) => ({
    ...screeningActivitiesFor(tdb.db, {}, undefined, options.finished),
    ...(options.monitoring
      ? createEventRelayActivities(tdb.db, { screening_monitoring: screeningMonitoringConsumer({ db: tdb.db, temporal: client, taskQueue: taskQueues.screening, logger: silentLogger }) } as never)
      : {}),
  }));
  const relayId = `event-relay-screening-monitoring-${randomBytes(4).toString('hex')}`;
  if (options.monitoring) {
    await temporal.client.workflow.start(EVENT_RELAY_WORKFLOW_TYPE, { workflowId: relayId, taskQueue: temporal.taskQueues.events, args: [{ consumer: 'screening_monitoring' }] });
  }
  // The list and fetch routes read through a pipelined Db, as api/main.ts wires them.
  const readDb = createPipelinedReadDb(tdb.url);
  const deps: FeatureDeps = {
    db: tdb.db,
    readDb,
    temporal: temporal.client,
    storage: createObjectStorage({ ...testEnv().s3, bucket: 'screening-unused' }),
    clock: () => new Date(),
    logger: silentLogger,
    config: { S3_BUCKET: 'unused', OUTBOUND_ALLOWLIST: '' },
    secrets: testSecrets,
    taskQueues: temporal.taskQueues,
    ...(options.syncWaitMs === undefined ? {} : { syncWaitMs: { screening: options.syncWaitMs } }),
    ...(options.finished ? { finishedScreenings: options.finished } : {}),
    ...(options.eagerScreeningClient ? { eagerScreeningClient: options.eagerScreeningClient } : {}),
  };
  const api = await startTestServer(buildTestApp({ db: tdb.db, routes: screeningRoutes(deps) }));
  const keys = {
    staging: (await createTestKey(tdb.db, 'staging')).key,
    production: (await createTestKey(tdb.db, 'production')).key,
    readOnly: (await createTestKey(tdb.db, 'staging', ['screenings:read'])).key,
  };
  return {
    tdb,
    temporal,
    api,
    keys,
    async close() {
      await api.close();
      if (options.monitoring) await temporal.client.workflow.getHandle(relayId).terminate('test finished').catch(() => undefined);
      await temporal.close();
      await readDb.destroy();
      await tdb.destroy();
    },
  };
}

/** Imports real lists from ../shared/data/lists (folders relative to it). */
export async function importRealLists(db: Db, ...folders: string[]): Promise<ListImportReport[]> {
  const reports: ListImportReport[] = [];
  for (const folder of folders) reports.push(...(await importListDirectory({ db, logger: silentLogger, clock: () => new Date() }, path.join(realListsDir, folder))));
  return reports;
}

export function personBody(type: 'screening/watchlist' | 'screening/politically-exposed-person', query: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { data: { type, attributes: { query, ...extra } } };
}

/** Polls GET /v1/screenings/{id} until the screening leaves pending/processing. */
export async function pollScreening(api: TestServer, key: string, id: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.request('GET', `/v1/screenings/${id}`, { key });
    if (res.status !== 200) throw new Error(`GET screening ${id}: ${res.status} ${res.text}`);
    if (!['pending', 'processing'].includes(res.body.data.attributes.status)) return res.body.data;
    if (Date.now() > deadline) throw new Error(`screening ${id} still ${res.body.data.attributes.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
