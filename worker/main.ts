/**
 * Worker composition root: config → db, storage → activities → one Temporal worker per served task
 * queue (WORKER_TASK_QUEUES, default all; all sharing one bundled workflow module and one pool of
 * workflow threads, WORKFLOW_THREADS), and the
 * screening start sweep. SIGINT/SIGTERM drain in-flight tasks and exit.
 */
import { NativeConnection, Runtime, Worker, makeTelemetryFilterString, type WorkerOptions } from '@temporalio/worker';
import { createActivities } from '../activities/index.js';
import { loadConfigOrExit } from '../infra/config/config.js';
import { createDb } from '../infra/db/create-db.js';
import { createLogger } from '../infra/logger/logger.js';
import { temporalRuntimeLogger } from '../infra/logger/temporal-runtime-logger.js';
import { createObjectStorage, storageSettingsFromConfig } from '../infra/storage/object-storage.js';
import { createTemporalClient, ensureSearchAttributes } from '../infra/temporal/temporal-client.js';
import { bundleWorkflows, WORKFLOWS_INDEX } from '../infra/temporal/workflow-bundle.js';
import { workflowThreadSharing } from '../infra/temporal/shared-workflow-threads.js';
import { TASK_QUEUES } from '../workflows/shared/task-queues.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../workflows/shared/search-attributes.js';
import { ensureListRefreshSchedule } from '../workflows/list-refresh/list-refresh.schedule.js';
import { createSecretBox } from '../infra/crypto/secret-box.js';
import { ensureBackgroundWorkflows } from './background-workflows.js';
import { startScreeningStartSweeper } from './screening-start-sweeper.js';
import { ensureIssuerKeys } from '../activities/credentials/issuer-keys.transitions.js';
import { selectTaskQueues } from './task-queue-selection.js';
import { guardedFetch } from '../infra/http/guarded-fetch.js';
import { outboundPolicyFrom } from '../infra/http/outbound-guard.js';
import { keepIndexesFresh, MatchIndexCache } from '../activities/screening/index-cache/match-index-cache.js';

const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'clearwatch-worker' });
const selection = selectTaskQueues(config.WORKER_TASK_QUEUES);
if (!selection.ok) {
  logger.fatal(`WORKER_TASK_QUEUES: ${selection.error}`);
  process.exit(1);
}
const servedQueues = selection.keys.map((key) => TASK_QUEUES[key]);
Runtime.install({
  logger: temporalRuntimeLogger(logger, config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? 'DEBUG' : 'INFO'),
  telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }) } },
  // The signal handlers below stop the workers (and the start sweeper); the SDK's own would drain
  // the workers first and make that second shutdown() throw, ending the process uncleanly.
  shutdownSignals: [],
});

const db = createDb(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE, applicationName: 'clearwatch-worker' });
const storage = createObjectStorage(storageSettingsFromConfig(config));
await storage.ensureBucket();

// The client stays open: activities signal and start workflows (the delivery engine's wake-ups).
const { connection: clientConnection, client } = await createTemporalClient({ address: config.TEMPORAL_ADDRESS, namespace: config.TEMPORAL_NAMESPACE });
await ensureSearchAttributes(clientConnection, config.TEMPORAL_NAMESPACE, SEARCH_ATTRIBUTE_KEYS);
await ensureListRefreshSchedule(clientConnection, { namespace: config.TEMPORAL_NAMESPACE, taskQueue: TASK_QUEUES.screening, interval: config.LIST_REFRESH_INTERVAL, logger });

const secrets = createSecretBox(config.SECRETS_ENCRYPTION_KEY);
// The credential issuer's first keys (idempotent; the API does the same, the database keeps one active key).
await ensureIssuerKeys(db, secrets);

const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
const screeningIndexes = new MatchIndexCache({ db, logger });
const activities = createActivities({
  db, storage, clock: () => new Date(), logger, fetch: guardedFetch(outboundPolicyFrom(config.OUTBOUND_ALLOWLIST)), config,
  secrets, temporal: client, taskQueues: TASK_QUEUES,
}, { screeningIndexes });
// A worker serving the screening-runs queue takes batches (and every screening when the API runs
// none): it holds its indexes built and current, as the API's own screening worker does, so that no
// batch waits for a build after a start or a list change.
const stopIndexRefresh = servedQueues.includes(TASK_QUEUES.screeningRuns) ? keepIndexesFresh(screeningIndexes) : () => undefined;
// Bundled in a child process: webpack's memory would otherwise stay in this worker's heap.
const workflowBundle = await bundleWorkflows(WORKFLOWS_INDEX);

// One pool of workflow threads for every served queue (WORKFLOW_THREADS), not an isolate per queue.
const createWorker = config.WORKFLOW_THREADS === 0
  ? (options: WorkerOptions) => Worker.create({ ...options, workflowBundle })
  : workflowThreadSharing(config.WORKFLOW_THREADS, workflowBundle).create;
const workers = await Promise.all(servedQueues.map((taskQueue) => createWorker({ connection, namespace: config.TEMPORAL_NAMESPACE, taskQueue, activities })));
const running = workers.map((w) => w.run());
await ensureBackgroundWorkflows(client, db, TASK_QUEUES.events);
// Screenings whose API process died between committing them and starting their workflow.
const startSweeper = startScreeningStartSweeper({ db, temporal: client, taskQueue: TASK_QUEUES.screeningRuns, logger }, config.SCREENING_START_GRACE_SECONDS * 1000);
logger.info({ taskQueues: servedQueues }, 'worker running');

const shutdown = () => {
  logger.info('worker shutting down');
  stopIndexRefresh();
  void startSweeper.stop();
  for (const w of workers) if (w.getState() === 'RUNNING') w.shutdown();
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
await Promise.all(running);
await startSweeper.stop();
await connection.close();
await clientConnection.close();
await db.destroy();
logger.info('worker stopped');
