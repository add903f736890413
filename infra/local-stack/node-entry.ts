// The project's own TypeScript programs the local stack runs (migrations, CLI, worker, API),
// each started from the repository root: the one-shot ones as `node --import tsx <entry>`, the
// long-running worker and API from their compiled build (infra/build/program-build.ts: the tsx
// loader and its source maps cost each process 50–60 MB). The entry of each can be overridden with
// CLEARWATCH_ENTRY_<NAME> (to try the stack with stand-in programs, run through tsx).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { compiledEntry } from '../build/program-build.js';
import { startProcess, type ManagedProcess } from './process-group.js';
import { runCommand, type CommandResult } from './run-command.js';

export const ENTRIES = {
  migrate: 'infra/db/migrate.main.ts',
  cli: 'cli/main.ts',
  worker: 'worker/main.ts',
  api: 'api/main.ts',
} as const;

export type EntryName = keyof typeof ENTRIES;

/** A stand-in entry for the program (CLEARWATCH_ENTRY_<NAME>), if one is set. */
function entryOverride(name: EntryName, env: NodeJS.ProcessEnv): string | undefined {
  return env[`CLEARWATCH_ENTRY_${name.toUpperCase()}`];
}

export function entryPath(root: string, name: EntryName, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(root, entryOverride(name, env) ?? ENTRIES[name]);
}

export function missingEntries(root: string, names: EntryName[]): string[] {
  return names.map((name) => entryPath(root, name)).filter((file) => !existsSync(file));
}

/**
 * Node flags of each program. A small young generation (2 MB semi-spaces instead of V8's default,
 * which grows to tens of MB per isolate on a machine with much memory) kept the worker — then the main
 * isolate and a Temporal workflow thread per task queue, now the main one and WORKFLOW_THREADS
 * shared ones — about 200 MB smaller, for no measurable throughput. The API allocates much more per unit of work (a request is parsed,
 * validated, queried and serialised in a few hundred microseconds): with 8 MB it served about 9 %
 * more authenticated list requests in interleaved rounds (README, Measured); its resident size after
 * load was 250–470 MB with either setting, the old generation's growth, not the young one's.
 */
const SMALL_YOUNG_GENERATION = ['--max-semi-space-size=2'];
/**
 * The old generation grows by a fifth between full collections instead of V8's adaptive factor (up
 * to 4× what survived). The worker under bulk work (event relay of batches, async screenings)
 * reached 305–417 MiB, a few seconds of garbage above its ~230 MiB at rest; with the fixed factor
 * its peak stayed at 244–255 MiB, for 0.1–0.2 ms more worker CPU per screening. The API (holding
 * the lists, running screenings) peaked at 361–417 instead of 495–646 MiB and, in two alternating
 * pairs of runs, served more in every phase: sync 118.0, 130.3 vs 106.8, 126.8/s, async 221.5,
 * 234.8 vs 205.3, 207.7/s, batch 970, 958 vs 947, 906/s (README, Measured).
 */
const BOUNDED_HEAP_GROWTH = ['--heap-growing-percent=20'];
const NODE_FLAGS_OF: Readonly<Record<EntryName, readonly string[]>> = {
  migrate: SMALL_YOUNG_GENERATION,
  cli: SMALL_YOUNG_GENERATION,
  worker: [...SMALL_YOUNG_GENERATION, ...BOUNDED_HEAP_GROWTH],
  api: ['--max-semi-space-size=8', ...BOUNDED_HEAP_GROWTH],
};

export function nodeFlags(name: EntryName): string[] {
  return [...NODE_FLAGS_OF[name]];
}

/**
 * Environment defaults of the long-running programs. libuv's pool (file reads, compression, crypto
 * and getaddrinfo share it) gets 16 threads instead of 4, and outbound name lookups may hold at most
 * a quarter of them (infra/http/outbound-guard.ts boundedLookup): a name server that never answers
 * cannot stall the rest of the process.
 */
export const PROGRAM_ENV: Readonly<Record<string, string>> = { UV_THREADPOOL_SIZE: '16' };

/**
 * The worker also runs with two glibc malloc arenas instead of up to 8 per core: each thread that
 * contends for memory (libuv's pool, V8's helpers, the Temporal core's runtime) gets an arena, and
 * an arena keeps what it grew. In alternating runs of the batch bench the worker held 35–70 MB less
 * after bulk work (395 and 454 → 356 and 381 MiB) at the same throughput. Not the API: its async
 * screenings ran 2–6 % slower with two arenas in four of four alternating pairs (README, Measured).
 * Other C libraries ignore the variable.
 */
const ENV_OF: Readonly<Partial<Record<EntryName, Readonly<Record<string, string>>>>> = {
  worker: { MALLOC_ARENA_MAX: '2' },
};

/** The environment defaults of a program (the caller's environment overrides them). */
export function programEnv(name: EntryName): Record<string, string> {
  return { ...PROGRAM_ENV, ...ENV_OF[name] };
}

/**
 * Node's arguments for a program: its flags, then its compiled entry in `buildDir` when given (and
 * the entry is not overridden), else its TypeScript entry through tsx.
 */
export function programArgs(root: string, name: EntryName, args: string[], buildDir?: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const entry = buildDir && entryOverride(name, env) === undefined ? [compiledEntry(buildDir, ENTRIES[name])] : ['--import', 'tsx', entryPath(root, name, env)];
  return [...nodeFlags(name), ...entry, ...args];
}

/** A program (worker, API, or a one-shot step), its output echoed with a `[name]` prefix; compiled when `buildDir` is given. */
export function startEntry(root: string, name: EntryName, args: string[], env: NodeJS.ProcessEnv, label: string = name, buildDir?: string): ManagedProcess {
  return startProcess({ name: label, command: process.execPath, args: programArgs(root, name, args, buildDir), env: { ...programEnv(name), ...env }, cwd: root });
}

/** A one-shot command whose stdout we need (CLI output); stderr is shown as it comes. */
export async function runEntryCaptured(root: string, name: EntryName, args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  const result = await runCommand(process.execPath, programArgs(root, name, args), { cwd: root, env });
  if (result.stderr) process.stderr.write(result.stderr);
  return result;
}
