// Runs an external command-line tool (tesseract, ImageMagick, poppler) with a time limit and
// typed failures, so callers can tell a missing tool from a file the tool could not read.

import { execFile } from 'node:child_process';

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
  return new Promise((resolve, reject) => {
    execFile(
      tool,
      args,
      {
        timeout: options.timeoutMs,
        maxBuffer: options.maxBufferBytes ?? 32 * 1024 * 1024,
        encoding: 'buffer',
        killSignal: 'SIGKILL',
        env: options.env ? { ...process.env, ...options.env } : process.env,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new ToolUnavailableError(tool));
        const message = stderr.length > 0 ? stderr.toString('utf8') : error.message;
        reject(new ToolFailedError(tool, error.killed ? 'timeout' : 'exit', message));
      },
    );
  });
}
