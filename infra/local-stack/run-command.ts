// Runs a short-lived command to completion and collects its output; for installers and
// health probes, not for the long-running servers (see process-group.ts).
import { spawn, type SpawnOptions } from 'node:child_process';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  uid?: number;
  gid?: number;
  /** Stream the command's output to our stderr while it runs (long installs show progress). */
  echo?: boolean;
  timeoutMs?: number;
}

export function runCommand(command: string, args: string[], options: RunOptions = {}): Promise<CommandResult> {
  const spawnOptions: SpawnOptions = {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: options.timeoutMs,
  };
  if (options.uid !== undefined) spawnOptions.uid = options.uid;
  if (options.gid !== undefined) spawnOptions.gid = options.gid;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, spawnOptions);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (options.echo) process.stderr.write(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (options.echo) process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Like runCommand, but a non-zero exit becomes an error that quotes the command's output. */
export async function runChecked(command: string, args: string[], options: RunOptions = {}): Promise<CommandResult> {
  const result = await runCommand(command, args, options);
  if (result.code !== 0) {
    const output = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`\`${command} ${args.join(' ')}\` exited with ${result.code}:\n${output}`);
  }
  return result;
}
