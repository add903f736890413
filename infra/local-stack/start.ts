// `npm start`: the whole service on this machine. Installs missing tools, starts PostgreSQL,
// Temporal (dev server with UI) and MinIO bound to 127.0.0.1 with data in .data/, migrates the
// database, optionally imports lists, creates two dev API keys on first run, then runs the
// worker and the API until Ctrl-C. A server given by DATABASE_URL, TEMPORAL_ADDRESS or
// S3_ENDPOINT is used as it is. `npm start -- --services-only` starts just the servers.
// A process that dies is restarted with backoff (stack-supervisor.ts): the API and worker, and
// PostgreSQL, Temporal (on its SQLite file) and MinIO on their data. What runs, with its pids, is
// recorded in .data/stack.json, which the CLI and the benches read (stack-file.ts).
// Ports: PG_PORT, TEMPORAL_PORT, TEMPORAL_UI_PORT, MINIO_PORT, MINIO_CONSOLE_PORT, PORT (API).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadOrCreateEncryptionKey, loadOrCreateMinioCredentials, devApiKeysFile, readDevApiKeys, writeDevApiKeys, type DevApiKeys } from './dev-credentials.js';
import { startMinio } from './minio.server.js';
import { buildPrograms } from '../build/program-build.js';
import { missingEntries, runEntryCaptured, startEntry } from './node-entry.js';
import { ensureDatabase, startPostgres } from './postgres.server.js';
import type { ManagedProcess } from './process-group.js';
import { readStackRecord, removeStackFile, writeStackFile, type StackRecord } from './stack-file.js';
import { StackSupervisor, STOP_TIER } from './stack-supervisor.js';
import { startTemporalDevServer } from './temporal.server.js';
import { ensureTools } from './tool-installer.js';
import { toolPaths } from './tool-paths.js';
import { isPortOpen, waitFor } from './wait-for.js';

const env = process.env;
const servicesOnly = process.argv.includes('--services-only');
const paths = toolPaths();
const dataDir = paths.dataDir;
const logsDir = path.join(dataDir, 'logs');
const port = (name: string, fallback: number): number => Number(env[name] ?? fallback);
const ports = {
  postgres: port('PG_PORT', 5432),
  temporal: port('TEMPORAL_PORT', 7233),
  temporalUi: port('TEMPORAL_UI_PORT', 8233),
  minio: port('MINIO_PORT', 9000),
  minioConsole: port('MINIO_CONSOLE_PORT', 9001),
  api: port('PORT', 3000),
};
const supervisor = new StackSupervisor();
/** Current pid of each long-running process, by name (kept in the stack record). */
const pids: Record<string, number> = {};
let stackRecord: (StackRecord & { processes: Record<string, number> }) | undefined;
process.on('exit', () => removeStackFile(dataDir));

function recordPid(child: ManagedProcess): void {
  pids[child.name] = child.pid;
  if (stackRecord) writeStackFile(dataDir, { ...stackRecord, processes: { ...pids } } as StackRecord);
}

async function assertPortFree(component: string, port: number): Promise<void> {
  if (await isPortOpen('127.0.0.1', port)) {
    throw new Error(`${component}: port ${port} on 127.0.0.1 is already in use (another \`npm start\`?)`);
  }
}

async function startDatabase(tools: Awaited<ReturnType<typeof ensureTools>>): Promise<string> {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  await assertPortFree('postgres', ports.postgres);
  // The API and worker reach the cluster over a Unix socket in a short private folder (0700).
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'cw-pg-'));
  process.once('exit', () => rmSync(socketDir, { recursive: true, force: true }));
  const options = { binDir: tools.postgresBinDir, dataDir: path.join(dataDir, 'postgres'), port: ports.postgres, logFile: path.join(logsDir, 'postgres.log'), socketDir };
  const start = () => startPostgres(options, paths.root);
  const server = await start();
  supervisor.add(server.process, STOP_TIER.postgres, { restart: async () => (await start()).process, onStarted: recordPid });
  await ensureDatabase(server.adminUrl, 'clearwatch');
  return server.localUrl('clearwatch');
}

async function startTemporal(tools: Awaited<ReturnType<typeof ensureTools>>): Promise<string> {
  if (env.TEMPORAL_ADDRESS) return env.TEMPORAL_ADDRESS;
  await assertPortFree('temporal', ports.temporal);
  await assertPortFree('temporal UI', ports.temporalUi);
  const start = () =>
    startTemporalDevServer({
      cliPath: tools.temporalCli,
      port: ports.temporal,
      uiPort: ports.temporalUi,
      // The SQLite file keeps every workflow across a restart of the server.
      dbFile: path.join(dataDir, 'temporal.sqlite'),
      logFile: path.join(logsDir, 'temporal.log'),
      namespace: env.TEMPORAL_NAMESPACE ?? 'default',
    });
  const server = await start();
  supervisor.add(server.process, STOP_TIER.temporal, { restart: async () => (await start()).process, onStarted: recordPid });
  return server.address;
}

interface S3Settings {
  endpoint: string;
  accessKey: string;
  secretKey: string;
}

async function startObjectStorage(tools: Awaited<ReturnType<typeof ensureTools>>): Promise<S3Settings> {
  if (env.S3_ENDPOINT) return { endpoint: env.S3_ENDPOINT, accessKey: env.S3_ACCESS_KEY ?? '', secretKey: env.S3_SECRET_KEY ?? '' };
  await assertPortFree('minio', ports.minio);
  await assertPortFree('minio console', ports.minioConsole);
  const credentials = loadOrCreateMinioCredentials(dataDir);
  const start = () =>
    startMinio({
      binary: tools.minio,
      dataDir: path.join(dataDir, 'minio'),
      port: ports.minio,
      consolePort: ports.minioConsole,
      logFile: path.join(logsDir, 'minio.log'),
      ...credentials,
    });
  const server = await start();
  supervisor.add(server.process, STOP_TIER.minio, { restart: async () => (await start()).process, onStarted: recordPid });
  return { endpoint: server.endpoint, ...credentials };
}

/**
 * Runs a one-shot program of the project to the end; a failure stops the stack, except exit codes
 * listed in `tolerate` (reported, then start-up goes on).
 */
async function runStep(label: string, entry: 'migrate' | 'cli', args: string[], childEnv: NodeJS.ProcessEnv, tolerate: number[] = []): Promise<void> {
  const child = supervisor.add(startEntry(paths.root, entry, args, childEnv, label), STOP_TIER.program, { oneShot: true });
  const info = await child.exited;
  if (info.code !== null && tolerate.includes(info.code)) {
    console.error(`[stack] WARNING: ${label} reported failures (code ${info.code}); see its output above. Continuing.`);
    return;
  }
  if (info.code !== 0 && !supervisor.isStopping) throw new Error(`${label} failed (code ${info.code}, signal ${info.signal})`);
}

async function createDevApiKeys(childEnv: NodeJS.ProcessEnv): Promise<DevApiKeys> {
  const create = async (environment: 'staging' | 'production'): Promise<string> => {
    const args = ['keys', 'create', '--env', environment, '--scopes', 'all', '--name', `dev-${environment}`];
    const result = await runEntryCaptured(paths.root, 'cli', args, childEnv);
    const key = result.stdout.trim().split('\n').at(-1)?.trim();
    if (result.code !== 0 || !key) throw new Error(`keys create --env ${environment} failed (code ${result.code}):\n${result.stdout}`);
    return key;
  };
  return { staging: await create('staging'), production: await create('production') };
}

/** A database URL fit to print: a given password is masked. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

async function compilePrograms(): Promise<{ dir: string }> {
  const begun = Date.now();
  const built = await buildPrograms(paths.root);
  console.error(`[stack] programs ${built.compiled ? 'compiled' : 'unchanged'}: ${path.relative(paths.root, built.dir)} (${Date.now() - begun} ms)`);
  return built;
}

async function main(): Promise<void> {
  const started = Date.now();
  if (!servicesOnly) {
    const missing = missingEntries(paths.root, ['migrate', 'cli', 'worker', 'api']);
    if (missing.length > 0) throw new Error(`missing program files: ${missing.join(', ')} (use --services-only to start just the servers)`);
  }
  const tools = await ensureTools(paths);
  mkdirSync(logsDir, { recursive: true });
  // Compiled beside the servers' start (a second or two; reused while the code is unchanged).
  const programsBuilt = servicesOnly ? undefined : compilePrograms();
  programsBuilt?.catch(() => undefined); // awaited (and its error thrown) before the programs start
  const bucket = env.S3_BUCKET ?? 'clearwatch';
  const region = env.S3_REGION ?? 'us-east-1';
  console.error('[stack] starting PostgreSQL, Temporal and MinIO');
  // Side by side; when one fails, wait for the others to settle so the shutdown sees them all.
  const servers = await Promise.allSettled([startDatabase(tools), startTemporal(tools), startObjectStorage(tools)] as const);
  const failed = servers.flatMap((result) => (result.status === 'rejected' ? [result.reason instanceof Error ? result.reason.message : String(result.reason)] : []));
  if (failed.length > 0) throw new Error(failed.join('\n\n'));
  const [databaseUrl, temporalAddress, s3] = servers.map((result) => (result as PromiseFulfilledResult<unknown>).value) as [string, string, S3Settings];
  const childEnv: NodeJS.ProcessEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_NAMESPACE: env.TEMPORAL_NAMESPACE ?? 'default',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: bucket,
    S3_REGION: region,
    SECRETS_ENCRYPTION_KEY: env.SECRETS_ENCRYPTION_KEY ?? loadOrCreateEncryptionKey(dataDir),
    PORT: String(ports.api),
    HOST: '127.0.0.1',
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
  };
  if (env.LISTS_DIR) childEnv.LISTS_DIR = env.LISTS_DIR;

  let newKeys: DevApiKeys | undefined;
  if (!servicesOnly) {
    await runStep('migrate', 'migrate', [], childEnv);
    // One malformed list fails only its own import (its previous version stays live); serve anyway.
    if (env.LISTS_DIR) await runStep('lists-import', 'cli', ['lists', 'import', '--dir', env.LISTS_DIR], childEnv, [1]);
    if (!readDevApiKeys(dataDir)) {
      newKeys = await createDevApiKeys(childEnv);
      writeDevApiKeys(dataDir, newKeys);
    }
    // The worker and the API run compiled (infra/build/program-build.ts); a restart reuses the build.
    const { dir: buildDir } = await (programsBuilt as Promise<{ dir: string }>);
    const launch = (name: 'worker' | 'api') => startEntry(paths.root, name, [], childEnv, name, buildDir);
    const program = (name: 'worker' | 'api') => async () => launch(name);
    supervisor.add(launch('worker'), STOP_TIER.program, { restart: program('worker'), onStarted: recordPid });
    const api = supervisor.add(launch('api'), STOP_TIER.program, { restart: program('api'), onStarted: recordPid });
    await waitFor('api', () => isPortOpen('127.0.0.1', ports.api), { process: api, timeoutMs: 60_000 });
  }

  const previous = readStackRecord(dataDir);
  if (previous && previous.pid !== process.pid) console.error(`[stack] WARNING: .data/stack.json names another running stack (pid ${previous.pid}); replacing it`);
  stackRecord = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    apiUrl: servicesOnly ? null : `http://127.0.0.1:${ports.api}`,
    databaseUrl,
    temporalAddress,
    temporalNamespace: childEnv.TEMPORAL_NAMESPACE!,
    s3Endpoint: s3.endpoint,
    s3Bucket: bucket,
    s3Region: region,
    processes: { ...pids },
  };
  writeStackFile(dataDir, stackRecord);

  const lines = [`clearwatch local stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s`];
  if (!servicesOnly) lines.push(`  API            http://127.0.0.1:${ports.api}`);
  if (!env.TEMPORAL_ADDRESS) lines.push(`  Temporal UI    http://127.0.0.1:${ports.temporalUi}   (gRPC ${temporalAddress})`);
  if (!env.S3_ENDPOINT) lines.push(`  MinIO console  http://127.0.0.1:${ports.minioConsole}   (S3 ${s3.endpoint}, credentials in ${path.join(dataDir, 'minio-credentials.json')})`);
  lines.push(`  PostgreSQL     ${withoutPassword(databaseUrl)}`);
  if (!servicesOnly) lines.push(`  API keys       ${devApiKeysFile(dataDir)}`);
  lines.push(`  Stack record   ${path.join(dataDir, 'stack.json')}  (the CLI and benches use it: \`npm run cli -- keys list\` just works)`);
  if (newKeys) lines.push('', '  New development API keys (shown once; also in the keys file):', `    staging     ${newKeys.staging}`, `    production  ${newKeys.production}`);
  lines.push('', 'Ctrl-C stops everything.');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (supervisor.isStopping) return;
  console.error(`[stack] ${error instanceof Error ? error.message : String(error)}`);
  void supervisor.shutdown(1);
});
