// Starts the servers integration tests need, on free loopback ports with data in a fresh
// temporary directory, unless configuration already names one: PostgreSQL (as the postgres
// user), MinIO, and a headless in-memory Temporal dev server.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePorts } from '../../infra/local-stack/free-port.js';
import { isProcessAlive, killAllGroups } from '../../infra/local-stack/process-group.js';
import { startMinio } from '../../infra/local-stack/minio.server.js';
import { startPostgres } from '../../infra/local-stack/postgres.server.js';
import { startTemporalDevServer } from '../../infra/local-stack/temporal.server.js';
import type { InstalledTools } from '../../infra/local-stack/tool-installer.js';
import type { TestEnvValues } from './test-env.js';

export interface TestServices {
  values: TestEnvValues;
  stop(): Promise<void>;
}

interface Stoppable {
  stop(): Promise<void>;
}

/** The same values as environment variables: what the global setup exports to workers. */
export function testEnvToVariables(values: TestEnvValues): Record<string, string> {
  return {
    TEST_DATABASE_ADMIN_URL: values.databaseAdminUrl,
    S3_ENDPOINT: values.s3.endpoint,
    S3_ACCESS_KEY: values.s3.accessKey,
    S3_SECRET_KEY: values.s3.secretKey,
    S3_REGION: values.s3.region,
    TEMPORAL_ADDRESS: values.temporalAddress,
    TEMPORAL_NAMESPACE: values.temporalNamespace,
    TEMPORAL_TEST_SERVER_PATH: values.temporalTestServerPath,
    TEMPORAL_CLI_PATH: values.temporalCliPath,
  };
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set when S3_ENDPOINT names an external server`);
  return value;
}

const DIR_PREFIX = 'clearwatch-test-';

/** Removes data directories of earlier runs whose process is gone (a run killed mid-setup). */
function removeAbandonedDirs(): void {
  for (const name of readdirSync(os.tmpdir())) {
    const owner = new RegExp(`^${DIR_PREFIX}(\\d+)-`).exec(name)?.[1];
    if (owner && !isProcessAlive(Number(owner))) rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}

export async function startTestServices(tools: InstalledTools, env: NodeJS.ProcessEnv = process.env): Promise<TestServices> {
  removeAbandonedDirs();
  // The owner's pid in the name lets a later run clean up after this one.
  const dir = mkdtempSync(path.join(os.tmpdir(), `${DIR_PREFIX}${process.pid}-`));
  // The postgres user must enter this directory to reach its cluster.
  chmodSync(dir, 0o755);
  const removeDir = () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  // On an abrupt exit (Ctrl-C during setup), stop the servers before deleting their files.
  process.once('exit', () => {
    killAllGroups();
    try {
      removeDir();
    } catch {
      // a process still writing there; the directory is in the system temp folder
    }
  });
  const [pgPort, temporalPort, minioPort] = await freePorts(3);
  const started: Stoppable[] = [];
  const track = <T extends Stoppable>(server: T): T => {
    started.push(server);
    return server;
  };
  const stop = async () => {
    await Promise.allSettled(started.map((server) => server.stop()));
    removeDir();
  };

  const s3Key = `test-${randomBytes(6).toString('hex')}`;
  const s3Secret = randomBytes(18).toString('hex');
  const results = await Promise.allSettled([
    env.TEST_DATABASE_ADMIN_URL
      ? Promise.resolve(env.TEST_DATABASE_ADMIN_URL)
      : startPostgres({
          binDir: tools.postgresBinDir,
          dataDir: path.join(dir, 'postgres'),
          port: pgPort as number,
          logFile: path.join(dir, 'postgres.log'),
          ephemeral: true,
          unref: true,
        }).then((server) => track(server).adminUrl),
    env.S3_ENDPOINT
      ? Promise.resolve({
          endpoint: env.S3_ENDPOINT,
          accessKey: required(env, 'S3_ACCESS_KEY'),
          secretKey: required(env, 'S3_SECRET_KEY'),
          region: env.S3_REGION ?? 'us-east-1',
        })
      : startMinio({
          binary: tools.minio,
          dataDir: path.join(dir, 'minio'),
          port: minioPort as number,
          accessKey: s3Key,
          secretKey: s3Secret,
          logFile: path.join(dir, 'minio.log'),
          unref: true,
        }).then((server) => ({ endpoint: track(server).endpoint, accessKey: s3Key, secretKey: s3Secret, region: 'us-east-1' })),
    env.TEMPORAL_ADDRESS
      ? Promise.resolve(env.TEMPORAL_ADDRESS)
      : startTemporalDevServer({
          cliPath: tools.temporalCli,
          port: temporalPort as number,
          logFile: path.join(dir, 'temporal.log'),
          unref: true,
        }).then((server) => track(server).address),
  ] as const);

  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failures.length > 0) {
    await stop();
    throw new Error(`test servers failed to start:\n${failures.map((reason) => String(reason instanceof Error ? reason.message : reason)).join('\n\n')}`);
  }
  const [database, s3, temporal] = results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as [
    string,
    TestEnvValues['s3'],
    string,
  ];
  return {
    values: {
      databaseAdminUrl: database,
      s3,
      temporalAddress: temporal,
      temporalNamespace: env.TEMPORAL_NAMESPACE ?? 'default',
      temporalTestServerPath: tools.temporalTestServer,
      temporalCliPath: tools.temporalCli,
    },
    stop,
  };
}
