/**
 * A whole Clearwatch on dedicated servers for the fault suite — never the shared test servers of
 * the global setup, since the faults kill and restart them: its own PostgreSQL, a Temporal dev
 * server on a SQLite file (so a restarted server keeps every workflow), MinIO, and the worker and
 * API as real child processes started the way `npm start` starts them (infra/local-stack). Each
 * process can be SIGKILLed, stopped and started again on the same ports and data.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePorts } from '../../../infra/local-stack/free-port.js';
import { startMinio, type MinioServer } from '../../../infra/local-stack/minio.server.js';
import { buildPrograms } from '../../../infra/build/program-build.js';
import { programArgs, type EntryName } from '../../../infra/local-stack/node-entry.js';
import { startPostgres, ensureDatabase, type PostgresServer } from '../../../infra/local-stack/postgres.server.js';
import { startProcess, type ExitInfo, type ManagedProcess } from '../../../infra/local-stack/process-group.js';
import { startTemporalDevServer, type TemporalDevServer } from '../../../infra/local-stack/temporal.server.js';
import { ensureTools, type InstalledTools } from '../../../infra/local-stack/tool-installer.js';
import { isPortOpen, waitFor } from '../../../infra/local-stack/wait-for.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface FaultStack {
  apiUrl: string;
  databaseUrl: string;
  dir: string;
  /** Runs a one-shot program (migrate, cli) to its end; throws on failure. */
  run(entry: EntryName, args: string[]): Promise<void>;
  killWorker(): Promise<void>;
  startWorker(): Promise<void>;
  killApi(): Promise<void>;
  /** SIGTERM, as an operator stops it; resolves with how the process ended. */
  stopApi(): Promise<ExitInfo | undefined>;
  stopWorker(): Promise<ExitInfo | undefined>;
  startApi(): Promise<void>;
  killTemporal(): Promise<void>;
  startTemporal(): Promise<void>;
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  stopMinio(): Promise<void>;
  startMinio(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultStack(options: { outboundAllowlist: string; env?: Record<string, string> }): Promise<FaultStack> {
  const tools: InstalledTools = await ensureTools();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clearwatch-faults-'));
  chmodSync(dir, 0o755);
  const [pgPort, temporalPort, minioPort, apiPort] = (await freePorts(4)) as [number, number, number, number];
  const s3 = { accessKey: `faults-${randomBytes(4).toString('hex')}`, secretKey: randomBytes(18).toString('hex') };
  const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/clearwatch`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: `127.0.0.1:${temporalPort}`,
    TEMPORAL_NAMESPACE: 'default',
    S3_ENDPOINT: `http://127.0.0.1:${minioPort}`,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: 'clearwatch',
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    LIST_REFRESH_INTERVAL: 'off',
    OUTBOUND_ALLOWLIST: options.outboundAllowlist,
    RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000',
    RATE_LIMIT_DEFAULT_BURST: '1000000',
    // Short waits between delivery attempts, so a delivery a fault interrupted is retried soon.
    WEBHOOK_RETRY_SCHEDULE: '1s,2s,2s,5s,5s,5s,10s,10s,10s,10s',
    ...options.env,
  };
  for (const name of ['TEST_DATABASE_ADMIN_URL']) delete childEnv[name];

  let postgres: PostgresServer | undefined;
  let temporal: TemporalDevServer | undefined;
  let minio: MinioServer | undefined;
  let worker: ManagedProcess | undefined;
  let api: ManagedProcess | undefined;

  const pg = () => startPostgres({ binDir: tools.postgresBinDir, dataDir: path.join(dir, 'postgres'), port: pgPort, logFile: path.join(dir, 'postgres.log'), ephemeral: true, unref: true });
  const tmp = () => startTemporalDevServer({ cliPath: tools.temporalCli, port: temporalPort, dbFile: path.join(dir, 'temporal.sqlite'), logFile: path.join(dir, 'temporal.log'), unref: true });
  const s3Server = () => startMinio({ binary: tools.minio, dataDir: path.join(dir, 'minio'), port: minioPort, logFile: path.join(dir, 'minio.log'), unref: true, ...s3 });
  // The worker and the API run compiled, as npm start runs them; one-shot programs through tsx.
  const { dir: buildDir } = await buildPrograms(ROOT);
  const program = (name: EntryName, args: string[] = []) =>
    startProcess({
      name, command: process.execPath, args: programArgs(ROOT, name, args, name === 'worker' || name === 'api' ? buildDir : undefined, childEnv),
      env: childEnv, cwd: ROOT, logFile: path.join(dir, `${name}.log`), unref: true,
    });

  const stack: FaultStack = {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    databaseUrl,
    dir,
    async run(entry, args) {
      const child = program(entry, args);
      const info = await child.exited;
      if (info.code !== 0) throw new Error(`${entry} ${args.join(' ')} failed (code ${info.code}); see ${child.logFile}`);
    },
    async killWorker() {
      if (worker?.isRunning()) process.kill(worker.pid, 'SIGKILL');
      await worker?.exited;
    },
    async startWorker() {
      worker = program('worker');
      // The worker is up once it polls; the log line says so.
      await waitFor('worker', async () => (await import('node:fs')).readFileSync(worker!.logFile!, 'utf8').includes('worker running'), { process: worker, timeoutMs: 120_000, intervalMs: 250 });
    },
    async killApi() {
      if (api?.isRunning()) process.kill(api.pid, 'SIGKILL');
      await api?.exited;
    },
    async stopApi() {
      return api?.stop(30_000);
    },
    async stopWorker() {
      return worker?.stop(30_000);
    },
    async startApi() {
      api = program('api');
      await waitFor('api', () => isPortOpen('127.0.0.1', apiPort), { process: api, timeoutMs: 60_000 });
    },
    async killTemporal() {
      if (temporal?.process.isRunning()) process.kill(temporal.process.pid, 'SIGKILL');
      await temporal?.process.exited;
    },
    async startTemporal() {
      temporal = await tmp();
    },
    async stopPostgres() {
      await postgres?.stop();
    },
    async startPostgres() {
      postgres = await pg();
    },
    async stopMinio() {
      await minio?.stop();
    },
    async startMinio() {
      minio = await s3Server();
    },
    async close() {
      await Promise.allSettled([api?.stop(5_000), worker?.stop(10_000)]);
      await Promise.allSettled([temporal?.stop(), minio?.stop(), postgres?.stop()]);
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };

  try {
    [postgres, temporal, minio] = await Promise.all([pg(), tmp(), s3Server()]);
    await ensureDatabase(postgres.adminUrl, 'clearwatch');
    await stack.run('migrate', []);
    await Promise.all([stack.startWorker(), stack.startApi()]);
  } catch (error) {
    await stack.close();
    throw error;
  }
  return stack;
}
