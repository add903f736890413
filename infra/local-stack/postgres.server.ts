// Runs a project-local PostgreSQL cluster bound to 127.0.0.1 with trust authentication.
// PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
import { chmodSync, chownSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startProcess, type ManagedProcess } from './process-group.js';
import { runChecked, runCommand } from './run-command.js';
import { waitFor } from './wait-for.js';

export interface PostgresOptions {
  binDir: string;
  dataDir: string;
  port: number;
  logFile: string;
  /**
   * Also listen on a Unix socket in this folder (created mode 0700 for the server's user). On one
   * machine a socket costs far less per round trip than TCP on loopback, whose every write runs
   * both ends of the TCP stack (README, Measured). Keep the path short (Unix sockets allow 107 bytes).
   */
  socketDir?: string;
  /** Throwaway test cluster: skip fsync and allow more connections. */
  ephemeral?: boolean;
  unref?: boolean;
}

export interface PostgresServer {
  process: ManagedProcess;
  port: number;
  /** Superuser URL to the `postgres` database (TCP on 127.0.0.1). */
  adminUrl: string;
  /** URL of `database` for clients on this machine: over the Unix socket when there is one, else TCP. */
  localUrl(database: string): string;
  stop(): Promise<void>;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

async function postgresUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const uid = Number((await runChecked('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await runChecked('id', ['-g', 'postgres'])).stdout.trim());
  return { uid, gid };
}

/**
 * The postgres user must be able to reach the data directory. Inside the repository we add
 * o+x (search only, no listing) where missing; outside it we only say what is wrong.
 */
function ensureTraversable(dataDir: string, repoRoot: string | undefined): void {
  for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const mode = statSync(dir).mode;
    if (mode & 0o001) continue;
    if (repoRoot && (dir === repoRoot || dir.startsWith(`${repoRoot}${path.sep}`))) {
      chmodSync(dir, mode | 0o001);
    } else {
      throw new Error(`postgres: the postgres user cannot enter ${dir} (needed for ${dataDir}); run \`chmod o+x ${dir}\` or move the data`);
    }
  }
}

/** Creates the cluster on first use (initdb), owned by the user the server runs as. */
export async function ensureCluster(options: PostgresOptions, repoRoot?: string): Promise<void> {
  const runAs = await postgresUser();
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  if (runAs.uid !== undefined) {
    ensureTraversable(options.dataDir, repoRoot);
    if (statSync(options.dataDir).uid !== runAs.uid) {
      await runChecked('chown', ['-R', `${runAs.uid}:${runAs.gid}`, options.dataDir]);
    }
  }
  chmodSync(options.dataDir, 0o700);
  if (existsSync(path.join(options.dataDir, 'PG_VERSION'))) return;
  const args = ['-D', options.dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'];
  if (options.ephemeral) args.push('--no-sync');
  await runChecked(path.join(options.binDir, 'initdb'), args, { ...runAs, cwd: '/' });
}

export async function startPostgres(options: PostgresOptions, repoRoot?: string): Promise<PostgresServer> {
  await ensureCluster(options, repoRoot);
  const runAs = await postgresUser();
  if (options.socketDir) {
    mkdirSync(options.socketDir, { recursive: true, mode: 0o700 });
    chmodSync(options.socketDir, 0o700);
    if (runAs.uid !== undefined && statSync(options.socketDir).uid !== runAs.uid) chownSync(options.socketDir, runAs.uid, runAs.gid!);
  }
  const settings = [
    'listen_addresses=127.0.0.1',
    `port=${options.port}`,
    // Without socketDir no Unix socket: clients use TCP on loopback.
    `unix_socket_directories=${options.socketDir ?? ''}`,
    'unix_socket_permissions=0700',
  ];
  if (options.ephemeral) settings.push('fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300');
  const server = startProcess({
    name: 'postgres',
    command: path.join(options.binDir, 'postgres'),
    args: ['-D', options.dataDir, ...settings.flatMap((setting) => ['-c', setting])],
    logFile: options.logFile,
    cwd: '/',
    ...runAs,
    // SIGINT is PostgreSQL's fast shutdown, what `pg_ctl stop -m fast` sends.
    stopSignal: 'SIGINT',
    unref: options.unref,
  });
  const isReady = path.join(options.binDir, 'pg_isready');
  await waitFor(
    'postgres',
    async () => (await runCommand(isReady, ['-q', '-h', '127.0.0.1', '-p', String(options.port), '-U', 'postgres'])).code === 0,
    { process: server, timeoutMs: 60_000 },
  );
  return {
    process: server,
    port: options.port,
    adminUrl: `postgres://postgres@127.0.0.1:${options.port}/postgres`,
    localUrl: (database) => postgresUrl(options.socketDir ?? '127.0.0.1', options.port, database),
    async stop() {
      await server.stop(30_000);
    },
  };
}

/** A postgres:// URL; a host that is a folder (a Unix socket's) is percent-encoded, as libpq and pg read it. */
export function postgresUrl(host: string, port: number, database: string): string {
  return `postgres://postgres@${host.startsWith('/') ? encodeURIComponent(host) : host}:${port}/${encodeURIComponent(database)}`;
}

/** Creates database `name` on the server at `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
