// Runs `temporal server start-dev` (the Temporal CLI's development server) bound to one
// address, with the search attributes the workflows use registered at start-up.
import { startProcess, type ManagedProcess } from './process-group.js';
import { runCommand } from './run-command.js';
import { waitFor } from './wait-for.js';

/** Custom search attributes the workflows set (see workflows/<name>/contract modules). */
export const SEARCH_ATTRIBUTES: Readonly<Record<string, 'Keyword'>> = {
  ResourceType: 'Keyword',
  ResourceId: 'Keyword',
  Environment: 'Keyword',
  WorkflowDefinitionId: 'Keyword',
  WorkflowDefinitionVersion: 'Keyword',
};

export interface TemporalDevServerOptions {
  cliPath: string;
  port: number;
  /** Web UI port; omit for a headless server. */
  uiPort?: number;
  /** SQLite file; omit to keep everything in memory. */
  dbFile?: string;
  logFile: string;
  namespace?: string;
  unref?: boolean;
}

export interface TemporalDevServer {
  process: ManagedProcess;
  address: string;
  namespace: string;
  uiUrl: string | undefined;
  stop(): Promise<void>;
}

/** Pragmas of the server's SQLite file (see devServerArgs). */
export const SQLITE_PRAGMAS: readonly string[] = ['journal_mode=wal', 'synchronous=full'];

export function devServerArgs(options: TemporalDevServerOptions): string[] {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(options.port), '--log-level', 'warn'];
  args.push(...(options.uiPort === undefined ? ['--headless'] : ['--ui-port', String(options.uiPort)]));
  // Write-ahead log instead of SQLite's default rollback journal: a commit appends to one file and
  // syncs it, instead of creating, syncing and deleting a journal beside the database. Same
  // durability (synchronous=full: every commit is on disk before it returns), much less work — the
  // server spent 26 ms of CPU per no-op workflow with the journal, 19 ms with the log (README,
  // Screening → Measured).
  if (options.dbFile) args.push('--db-filename', options.dbFile, ...SQLITE_PRAGMAS.flatMap((p) => ['--sqlite-pragma', p]));
  if (options.namespace && options.namespace !== 'default') args.push('--namespace', options.namespace);
  for (const [name, type] of Object.entries(SEARCH_ATTRIBUTES)) args.push('--search-attribute', `${name}=${type}`);
  return args;
}

export async function startTemporalDevServer(options: TemporalDevServerOptions): Promise<TemporalDevServer> {
  const namespace = options.namespace ?? 'default';
  const address = `127.0.0.1:${options.port}`;
  const server = startProcess({
    name: 'temporal',
    command: options.cliPath,
    args: devServerArgs(options),
    logFile: options.logFile,
    unref: options.unref,
  });
  // The gRPC port opens before the namespace exists; ask for the namespace itself.
  await waitFor(
    'temporal',
    async () =>
      (await runCommand(options.cliPath, ['operator', 'namespace', 'describe', '--namespace', namespace, '--address', address])).code === 0,
    { process: server, timeoutMs: 90_000, intervalMs: 500 },
  );
  return {
    process: server,
    address,
    namespace,
    uiUrl: options.uiPort === undefined ? undefined : `http://127.0.0.1:${options.uiPort}`,
    async stop() {
      await server.stop();
    },
  };
}
