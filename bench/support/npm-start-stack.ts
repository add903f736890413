/**
 * The stack `npm start` runs, for benchmarks that measure the service as it is deployed here:
 * PostgreSQL with its default durability (fsync, synchronous commit), the Temporal dev server on a
 * SQLite file, MinIO, and the API and worker as their own processes (`api/main.ts`,
 * `worker/main.ts`) — all in a temporary folder on free ports, stopped and removed at the end.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPrograms, compiledEntry } from '../../infra/build/program-build.js';
import { freePorts } from '../../infra/local-stack/free-port.js';
import { startMinio } from '../../infra/local-stack/minio.server.js';
import { ENTRIES, nodeFlags, programEnv } from '../../infra/local-stack/node-entry.js';
import { ensureDatabase, startPostgres } from '../../infra/local-stack/postgres.server.js';
import { startProcess, type ManagedProcess } from '../../infra/local-stack/process-group.js';
import { startTemporalDevServer } from '../../infra/local-stack/temporal.server.js';
import type { InstalledTools } from '../../infra/local-stack/tool-installer.js';
import { isPortOpen, waitFor } from '../../infra/local-stack/wait-for.js';

const root = path.resolve(import.meta.dirname, '../..');

export interface NpmStartServers {
  databaseUrl: string;
  temporalAddress: string;
  /** Environment for the API and worker processes (the variables `npm start` sets). */
  env: NodeJS.ProcessEnv;
  dir: string;
  /** Root process ids, for CPU accounting. */
  pids: { postgres: number; temporal: number; minio: number };
  stop(): Promise<void>;
}

export async function startNpmStartServers(tools: InstalledTools): Promise<NpmStartServers> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cw-bench-stack-'));
  chmodSync(dir, 0o755);
  const [pgPort, temporalPort, minioPort] = (await freePorts(3)) as [number, number, number];
  const minioKey = `bench-${randomBytes(4).toString('hex')}`;
  const minioSecret = randomBytes(16).toString('hex');
  const [pg, temporal, minio] = await Promise.all([
    // As npm start: the services reach PostgreSQL over a Unix socket.
    startPostgres({ binDir: tools.postgresBinDir, dataDir: path.join(dir, 'postgres'), port: pgPort, logFile: path.join(dir, 'postgres.log'), socketDir: path.join(dir, 'pg-socket') }),
    startTemporalDevServer({ cliPath: tools.temporalCli, port: temporalPort, dbFile: path.join(dir, 'temporal.sqlite'), logFile: path.join(dir, 'temporal.log') }),
    startMinio({ binary: tools.minio, dataDir: path.join(dir, 'minio'), port: minioPort, accessKey: minioKey, secretKey: minioSecret, logFile: path.join(dir, 'minio.log') }),
  ]);
  await ensureDatabase(pg.adminUrl, 'clearwatch');
  const databaseUrl = pg.localUrl('clearwatch');
  return {
    databaseUrl,
    temporalAddress: temporal.address,
    dir,
    pids: { postgres: pg.process.pid, temporal: temporal.process.pid, minio: minio.process.pid },
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_NAMESPACE: 'default',
      S3_ENDPOINT: minio.endpoint,
      S3_ACCESS_KEY: minioKey,
      S3_SECRET_KEY: minioSecret,
      S3_BUCKET: 'clearwatch',
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_SERVICE_LOG_LEVEL ?? 'warn',
      LIST_REFRESH_INTERVAL: 'off',
    },
    async stop() {
      await Promise.allSettled([temporal.stop(), minio.stop()]);
      await pg.stop();
      if (process.env.BENCH_KEEP_DIR) console.log(`stack folder kept: ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ServiceProcess {
  process: ManagedProcess;
  /** Resident set size now (VmRSS), in MiB. */
  rssMiB(): number;
  /** RSS split into anonymous memory (heaps) and file-backed pages (the node binary, native modules), in MiB. */
  rssParts(): { anonymous: number; file: number };
  stop(): Promise<void>;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function rssParts(pid: number): { anonymous: number; file: number } {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
  return { anonymous: kb('Anonymous') / 1024, file: (kb('Rss') - kb('Anonymous')) / 1024 };
}

let programsBuilt: Promise<{ dir: string }> | undefined;

/** How a bench runs the programs: compiled as `npm start` does, or from source through tsx (to compare). */
export type ProgramForm = 'compiled' | 'source';

/**
 * Starts the API or the worker as `npm start` does (compiled, same Node flags, same environment
 * defaults), or from source through tsx; the API is ready when its port answers.
 */
export async function startService(name: 'api' | 'worker', env: NodeJS.ProcessEnv, logFile: string, nodeArgs: string[] = [], form: ProgramForm = 'compiled'): Promise<ServiceProcess> {
  programsBuilt ??= buildPrograms(root);
  const entry = form === 'compiled' ? [compiledEntry((await programsBuilt).dir, ENTRIES[name])] : ['--import', 'tsx', path.join(root, ENTRIES[name])];
  const child = startProcess({ name, command: process.execPath, args: [...nodeFlags(name), ...nodeArgs, ...entry], env: { ...programEnv(name), ...env }, cwd: root, logFile });
  if (name === 'api') await waitFor('api', () => isPortOpen('127.0.0.1', Number(env.PORT)), { process: child, timeoutMs: 120_000 });
  return { process: child, rssMiB: () => rssOf(child.pid), rssParts: () => rssParts(child.pid), stop: async () => void (await child.stop()) };
}
