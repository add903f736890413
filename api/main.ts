/** API composition root: config → logger → db, Temporal, storage → routes → listen; clean shutdown. */
import { Connection, Client } from '@temporalio/client';
import { sql } from 'kysely';
import { loadConfigOrExit } from '../infra/config/config.js';
import { createDb } from '../infra/db/create-db.js';
import { createPipelinedReadDb } from '../infra/db/pipelined-read-db.js';
import { createLogger } from '../infra/logger/logger.js';
import { createObjectStorage, storageSettingsFromConfig } from '../infra/storage/object-storage.js';
import { createApp } from './app.js';
import { createApiServer } from './http/api-server.js';
import { buildRoutes } from './routes.js';
import { DEFAULT_RATE_LIMITS } from './auth/rate-limit.js';
import { TASK_QUEUES } from '../workflows/shared/task-queues.js';
import { createSecretBox } from '../infra/crypto/secret-box.js';
import { ensureIssuerKeys } from '../activities/credentials/issuer-keys.transitions.js';
import { FinishedScreenings } from '../activities/screening/finished-screenings.model.js';
import { Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import { temporalRuntimeLogger } from '../infra/logger/temporal-runtime-logger.js';
import { startEmbeddedScreeningWorker, type EmbeddedScreeningWorker } from '../worker/embedded-screening-worker.js';

const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'clearwatch-api' });
const db = createDb(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE, applicationName: 'clearwatch-api' });
// The hot reads (lists, fetches) of one event-loop turn share one write to PostgreSQL.
const readDb = createPipelinedReadDb(config.DATABASE_URL, { applicationName: 'clearwatch-api-reads' });
// Lazy: the API starts even when Temporal is down, and /readyz says so.
const connection = Connection.lazy({ address: config.TEMPORAL_ADDRESS });
const temporal = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
const storage = createObjectStorage(storageSettingsFromConfig(config));
await storage.ensureBucket().catch((error: unknown) => logger.warn({ err: error }, 'object storage not reachable at start-up'));

const clock = () => new Date();
const secrets = createSecretBox(config.SECRETS_ENCRYPTION_KEY);
// The credential issuer's first keys, if neither this process nor the worker has made them yet.
await ensureIssuerKeys(db, secrets).catch((error: unknown) => logger.warn({ err: error }, 'issuer keys not ensured at start-up (made on first use)'));
// The screening worker of this process (Eager Workflow Start); without Temporal at start-up the API
// still serves, and screenings start on the standalone workers.
let screeningWorker: EmbeddedScreeningWorker | undefined;
// The screenings that worker stores, handed to this process's waiting requests (no read back).
const finishedScreenings = new FinishedScreenings();
if (config.SCREENING_WORKER_IN_API === 'true') {
  // shutdownSignals: [] — shutdown() below stops the worker in its order (HTTP server first); the
  // SDK's own signal handlers would start draining it first and make that call throw.
  Runtime.install({ logger: temporalRuntimeLogger(logger, 'WARN'), telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }) } }, shutdownSignals: [] });
  screeningWorker = await startEmbeddedScreeningWorker({ address: config.TEMPORAL_ADDRESS, namespace: config.TEMPORAL_NAMESPACE, taskQueue: TASK_QUEUES.screeningRuns, db, logger, finished: finishedScreenings })
    .catch((error: unknown) => {
      logger.warn({ err: error }, 'screening worker not started in the API process; screenings start on the standalone workers');
      return undefined;
    });
}
const app = createApp(
  {
    db,
    logger,
    clock,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
    rateLimits: { ...DEFAULT_RATE_LIMITS, default: { perMinute: config.RATE_LIMIT_DEFAULT_PER_MINUTE, burst: config.RATE_LIMIT_DEFAULT_BURST } },
    readiness: [
      { name: 'database', check: async () => void (await sql`select 1`.execute(db)) },
      { name: 'temporal', check: async () => void (await connection.workflowService.getSystemInfo({})) },
      { name: 'object_storage', check: () => storage.ping() },
    ],
  },
  buildRoutes({ db, readDb, temporal, storage, clock, logger, config, secrets, taskQueues: TASK_QUEUES, ...(screeningWorker ? { eagerScreeningClient: screeningWorker.client, finishedScreenings } : {}) }),
);

const server = createApiServer(app).listen(config.PORT, config.HOST, () => {
  logger.info({ host: config.HOST, port: config.PORT }, 'API listening');
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await (app.locals.auditRecorder as { flush(): Promise<void> }).flush();
  await screeningWorker?.close();
  // Unspent rate-limit tokens go back to the shared buckets; the key cache stops listening.
  await Promise.allSettled([(app.locals.rateLimiter as { close(): Promise<void> }).close(), (app.locals.apiKeys as { close(): Promise<void> }).close()]);
  await Promise.allSettled([db.destroy(), readDb.destroy(), connection.close()]);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
