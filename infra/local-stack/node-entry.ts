// The project's own TypeScript programs the local stack runs (migrations, CLI, worker, API),
// each started as `node --import tsx <entry>` from the repository root. The entry of each can
// be overridden with CLEARWATCH_ENTRY_<NAME> (to try the stack with stand-in programs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startProcess, type ManagedProcess } from './process-group.js';
import { runCommand, type CommandResult } from './run-command.js';

export const ENTRIES = {
  migrate: 'infra/db/migrate.main.ts',
  cli: 'cli/main.ts',
  worker: 'worker/main.ts',
  api: 'api/main.ts',
} as const;

export type EntryName = keyof typeof ENTRIES;

export function entryPath(root: string, name: EntryName, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(root, env[`CLEARWATCH_ENTRY_${name.toUpperCase()}`] ?? ENTRIES[name]);
}

export function missingEntries(root: string, names: EntryName[]): string[] {
  return names.map((name) => entryPath(root, name)).filter((file) => !existsSync(file));
}

/**
 * Node flags of every program. A small young generation (2 MB semi-spaces instead of V8's default,
 * which grows to tens of MB per isolate on a machine with much memory) keeps the API and the
 * worker — each running several isolates: the main one and a Temporal workflow thread per task
 * queue — about 200 MB smaller, for no measurable throughput.
 */
export const NODE_FLAGS = ['--max-semi-space-size=2'];

/**
 * Environment defaults of the long-running programs. libuv's pool (file reads, compression, crypto
 * and getaddrinfo share it) gets 16 threads instead of 4, and outbound name lookups may hold at most
 * a quarter of them (infra/http/outbound-guard.ts boundedLookup): a name server that never answers
 * cannot stall the rest of the process.
 */
export const PROGRAM_ENV: Readonly<Record<string, string>> = { UV_THREADPOOL_SIZE: '16' };

function nodeArgs(root: string, name: EntryName, args: string[]): string[] {
  return [...NODE_FLAGS, '--import', 'tsx', entryPath(root, name), ...args];
}

/** A long-running program (worker, API), its output echoed with a `[name]` prefix. */
export function startEntry(root: string, name: EntryName, args: string[], env: NodeJS.ProcessEnv, label: string = name): ManagedProcess {
  return startProcess({ name: label, command: process.execPath, args: nodeArgs(root, name, args), env: { ...PROGRAM_ENV, ...env }, cwd: root });
}

/** A one-shot command whose stdout we need (CLI output); stderr is shown as it comes. */
export async function runEntryCaptured(root: string, name: EntryName, args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  const result = await runCommand(process.execPath, nodeArgs(root, name, args), { cwd: root, env });
  if (result.stderr) process.stderr.write(result.stderr);
  return result;
}
