/**
 * The API and a Temporal worker in one process, over the test servers: what the end-to-end
 * benchmarks measure. Rate limits are lifted so the figures show the work, not the limiter.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker, bundleWorkflowCode } from '@temporalio/worker';
import { createApp } from '../../api/app.js';
import { DEFAULT_RATE_LIMITS } from '../../api/auth/rate-limit.js';
import type { FeatureDeps } from '../../api/feature-deps.js';
import type { RouteDefinition } from '../../api/http/route.js';
import { loadConfig, type AppConfig } from '../../infra/config/config.js';
import { createSecretBox } from '../../infra/crypto/secret-box.js';
import type { Db } from '../../infra/db/create-db.js';
import type { Logger } from '../../infra/logger/logger.js';
import { silentTemporalLogger } from '../../infra/logger/temporal-runtime-logger.js';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import { ensureSearchAttributes } from '../../infra/temporal/temporal-client.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../../workflows/shared/search-attributes.js';
import type { TestEnvValues } from '../../test/setup/test-env.js';
import { allOnOneQueue } from '../../workflows/shared/task-queues.js';

export interface InProcessStack {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startInProcessStack(args: {
  env: TestEnvValues;
  db: Db;
  databaseUrl: string;
  storage: ObjectStorage;
  logger: Logger;
  name: string;
  activities: (config: AppConfig) => object;
  routes: (deps: FeatureDeps) => RouteDefinition[];
  maxConcurrentActivityTaskExecutions: number;
}): Promise<InProcessStack> {
  const { env, db, storage, logger } = args;
  const config = loadConfig({
    DATABASE_URL: args.databaseUrl, TEMPORAL_ADDRESS: env.temporalAddress, S3_ENDPOINT: env.s3.endpoint,
    S3_ACCESS_KEY: env.s3.accessKey, S3_SECRET_KEY: env.s3.secretKey, S3_BUCKET: storage.bucket,
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  const taskQueue = `bench-${args.name}-${randomBytes(3).toString('hex')}`;
  const connection = await Connection.connect({ address: env.temporalAddress });
  await ensureSearchAttributes(connection, env.temporalNamespace, SEARCH_ATTRIBUTE_KEYS);
  const nativeConnection = await NativeConnection.connect({ address: env.temporalAddress });
  const worker = await Worker.create({
    connection: nativeConnection,
    namespace: env.temporalNamespace,
    taskQueue,
    workflowBundle: await bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('../../workflows/index.ts', import.meta.url)), logger: silentTemporalLogger }),
    activities: args.activities(config),
    maxConcurrentActivityTaskExecutions: args.maxConcurrentActivityTaskExecutions,
  });
  const workerRun = worker.run();
  const deps: FeatureDeps = {
    db,
    temporal: new Client({ connection, namespace: env.temporalNamespace }),
    storage,
    clock: () => new Date(),
    logger,
    config: { S3_BUCKET: storage.bucket, OUTBOUND_ALLOWLIST: config.OUTBOUND_ALLOWLIST, PUBLIC_BASE_URL: config.PUBLIC_BASE_URL },
    secrets: createSecretBox(config.SECRETS_ENCRYPTION_KEY),
    taskQueues: allOnOneQueue(taskQueue),
  };
  const unlimited = { perMinute: 1e9, burst: 1e9 };
  const rateLimits = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((tier) => [tier, unlimited]));
  const app = createApp(
    { db, logger, clock: () => new Date(), bodyLimitBytes: 1 << 20, rateLimits, readiness: [] },
    args.routes(deps),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      worker.shutdown();
      await workerRun;
      await nativeConnection.close();
      await connection.close();
    },
  };
}
