// Starts long-running servers each in its own process group and stops them cleanly: the
// leader gets a polite signal, and after a grace period the whole group is killed. Every live
// group is also killed when this process exits, so a crash leaves no orphans behind.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ProcessSpec {
  /** Component name used in messages ("postgres", "api"). */
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Append stdout and stderr to this file; otherwise they are echoed with a `[name]` prefix. */
  logFile?: string;
  uid?: number;
  gid?: number;
  /** Signal for a clean stop, sent to the leader only (PostgreSQL: SIGINT = fast shutdown). */
  stopSignal?: NodeJS.Signals;
  /** Do not keep the event loop alive for this child (servers owned by a test run). */
  unref?: boolean;
}

export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly logFile: string | undefined;
  readonly exited: Promise<ExitInfo>;
  isRunning(): boolean;
  /** Stops the process and its group; resolves once the leader has exited. */
  stop(graceMs?: number): Promise<ExitInfo>;
}

const liveGroups = new Set<number>();
let exitHookInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // group already gone
  }
}

/** Kills every process group still running, at once; for exit paths that cannot wait. */
export function killAllGroups(): void {
  for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killAllGroups);
}

function echoLines(child: ChildProcess, name: string): void {
  for (const [stream, sink] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => sink.write(`[${name}] ${line}\n`));
  }
}

export function startProcess(spec: ProcessSpec): ManagedProcess {
  installExitHook();
  let logFd: number | undefined;
  if (spec.logFile) {
    mkdirSync(path.dirname(spec.logFile), { recursive: true });
    logFd = openSync(spec.logFile, 'a');
  }
  const options: SpawnOptions = {
    cwd: spec.cwd,
    env: spec.env ?? process.env,
    // detached: the child leads a new process group, so the terminal's Ctrl-C reaches only us
    // and we decide the stopping order; killing -pid reaches everything it started.
    detached: true,
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  };
  if (spec.uid !== undefined) options.uid = spec.uid;
  if (spec.gid !== undefined) options.gid = spec.gid;
  const child = spawn(spec.command, spec.args, options);
  if (logFd !== undefined) closeSync(logFd);
  const pid = child.pid;
  if (pid === undefined) {
    throw new Error(`${spec.name}: could not start ${spec.command} (is it installed?)`);
  }
  liveGroups.add(pid);
  if (logFd === undefined) echoLines(child, spec.name);
  if (spec.unref) {
    child.unref();
  }

  let running = true;
  const exited = new Promise<ExitInfo>((resolve) => {
    child.on('exit', (code, signal) => {
      running = false;
      // Anything the leader left behind in its group goes with it.
      killGroup(pid, 'SIGKILL');
      liveGroups.delete(pid);
      resolve({ code, signal });
    });
  });

  return {
    name: spec.name,
    pid,
    logFile: spec.logFile,
    exited,
    isRunning: () => running,
    async stop(graceMs = 15_000): Promise<ExitInfo> {
      if (!running) return exited;
      try {
        process.kill(pid, spec.stopSignal ?? 'SIGTERM');
      } catch {
        // already exiting
      }
      const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
      const info = await exited;
      clearTimeout(timer);
      return info;
    },
  };
}

/** Whether a process with this id exists (signal 0 checks without sending anything). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
