/**
 * The whole route list (api/routes.ts) over a test database, with a lazy Temporal client (requests
 * refused at validation never reach it) and the run's object storage: what platform-wide tests
 * (hostile input, method handling) drive.
 */
import { Client, Connection } from '@temporalio/client';
import { buildRoutes } from '../../../api/routes.js';
import type { RouteDefinition } from '../../../api/http/route.js';
import { createLogger } from '../../../infra/logger/logger.js';
import { createObjectStorage } from '../../../infra/storage/object-storage.js';
import { allOnOneQueue } from '../../../workflows/shared/task-queues.js';
import { testEnv } from '../../setup/test-env.js';
import { buildTestApp } from '../../support/test-app.js';
import { testSecrets } from '../../support/test-config.js';
import type { TestDatabase } from '../../support/test-database.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

export interface FullApi {
  server: TestServer;
  routes: RouteDefinition[];
  close(): Promise<void>;
}

export async function startFullApi(tdb: TestDatabase, bucket: string): Promise<FullApi> {
  const env = testEnv();
  const connection = Connection.lazy({ address: env.temporalAddress });
  const storage = createObjectStorage({ endpoint: env.s3.endpoint, accessKey: env.s3.accessKey, secretKey: env.s3.secretKey, region: env.s3.region, bucket });
  await storage.ensureBucket();
  const routes = buildRoutes({
    db: tdb.db, temporal: new Client({ connection, namespace: env.temporalNamespace }), storage,
    clock: () => new Date(), logger: createLogger({ level: 'silent' }), config: { S3_BUCKET: bucket, OUTBOUND_ALLOWLIST: '' },
    secrets: testSecrets, taskQueues: allOnOneQueue(`${bucket}-queue`),
  });
  const server = await startTestServer(buildTestApp({ db: tdb.db, routes }));
  return {
    server,
    routes,
    async close() {
      await server.close();
      await connection.close();
    },
  };
}
