// Runs an external command-line tool (tesseract, ImageMagick, poppler, qpdf) with a time limit,
// a memory limit and typed failures, so callers can tell a missing tool from a file the tool could
// not read. The memory limit (address space, through util-linux `prlimit` where it is installed)
// keeps a hostile file from making a tool take the machine's memory, where the kernel's
// out-of-memory killer might pick the worker instead of the tool.

import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Address space a tool may use, in bytes: a 4200-pixel page through tesseract needs a fraction of it. */
export const TOOL_MEMORY_LIMIT_BYTES = 2 * 1024 * 1024 * 1024;

const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => existsSync(p)) ?? null;

/** The command line with the memory limit in front, when prlimit is available. */
function limited(tool: string, args: readonly string[], memoryLimitBytes: number): [string, string[]] {
  return PRLIMIT ? [PRLIMIT, [`--as=${memoryLimitBytes}`, '--', tool, ...args]] : [tool, [...args]];
}

export class ToolUnavailableError extends Error {
  override readonly name = 'ToolUnavailableError';
  constructor(readonly tool: string) {
    super(`${tool} is not installed or not on PATH`);
  }
}

export class ToolFailedError extends Error {
  override readonly name = 'ToolFailedError';
  constructor(
    readonly tool: string,
    readonly reason: 'timeout' | 'exit',
    readonly stderr: string,
  ) {
    super(`${tool} ${reason === 'timeout' ? 'timed out' : 'failed'}: ${stderr.trim().slice(0, 500)}`);
  }
}

export interface RunCommandOptions {
  timeoutMs: number;
  maxBufferBytes?: number;
  /** Extra environment variables, added to the inherited environment. */
  env?: Record<string, string>;
  /** Address space limit; TOOL_MEMORY_LIMIT_BYTES by default. */
  memoryLimitBytes?: number;
}

/** Runs `tool args…` and resolves with its standard output. */
export function runCommand(tool: string, args: readonly string[], options: RunCommandOptions): Promise<string> {
  return run(tool, args, options).then((out) => out.toString('utf8'));
}

/** Runs `tool args…` and resolves with its standard output as bytes (decoded images). */
export function runCommandForBytes(tool: string, args: readonly string[], options: RunCommandOptions): Promise<Buffer> {
  return run(tool, args, options);
}

function run(tool: string, args: readonly string[], options: RunCommandOptions): Promise<Buffer> {
  const [command, commandArgs] = limited(tool, args, options.memoryLimitBytes ?? TOOL_MEMORY_LIMIT_BYTES);
  return new Promise((resolve, reject) => {
    execFile(
      command,
      commandArgs,
      {
        timeout: options.timeoutMs,
        maxBuffer: options.maxBufferBytes ?? 32 * 1024 * 1024,
        encoding: 'buffer',
        killSignal: 'SIGKILL',
        env: options.env ? { ...process.env, ...options.env } : process.env,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        // prlimit reports a missing tool as exit status 127 (execvp failed).
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (PRLIMIT && error.code === 127)) return reject(new ToolUnavailableError(tool));
        const message = stderr.length > 0 ? stderr.toString('utf8') : error.message;
        reject(new ToolFailedError(tool, error.killed ? 'timeout' : 'exit', message));
      },
    );
  });
}

export interface CountOutputOptions {
  timeoutMs: number;
  /** Stop the tool (and report `exceeded`) once it has written more than this. */
  maxBytes: number;
  memoryLimitBytes?: number;
}

/**
 * Runs `tool args…` and counts the bytes it writes to standard output without keeping them (how
 * large a file becomes once decoded). Stops the tool as soon as it passes `maxBytes`.
 */
export function countCommandOutput(tool: string, args: readonly string[], options: CountOutputOptions): Promise<{ bytes: number; exceeded: boolean }> {
  const [command, commandArgs] = limited(tool, args, options.memoryLimitBytes ?? TOOL_MEMORY_LIMIT_BYTES);
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let exceeded = false;
    let timedOut = false;
    const stderr: Buffer[] = [];
    let stderrBytes = 0;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > options.maxBytes && !exceeded) {
        exceeded = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderrBytes < 64 * 1024) stderr.push(chunk);
      stderrBytes += chunk.length;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new ToolUnavailableError(tool) : error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (exceeded) return resolve({ bytes, exceeded: true });
      if (timedOut) return reject(new ToolFailedError(tool, 'timeout', ''));
      if (PRLIMIT && code === 127) return reject(new ToolUnavailableError(tool));
      if (code !== 0) return reject(new ToolFailedError(tool, 'exit', Buffer.concat(stderr).toString('utf8')));
      resolve({ bytes, exceeded: false });
    });
  });
}
