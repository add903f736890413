// Polls a readiness check until it passes or a deadline expires. The error names the component
// and quotes the end of its log, and a server that dies while we wait fails at once.
import { connect } from 'node:net';
import { tailFile } from './log-tail.js';
import type { ManagedProcess } from './process-group.js';

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** The server being waited for: if it exits, waiting stops with its log. */
  process?: ManagedProcess;
}

export class ComponentFailedError extends Error {
  constructor(component: string, reason: string, logFile?: string) {
    const tail = logFile ? tailFile(logFile) : '';
    super(`${component} ${reason}${logFile ? `\n--- last lines of ${logFile} ---\n${tail}` : ''}`);
    this.name = 'ComponentFailedError';
  }
}

export async function waitFor(component: string, check: () => Promise<boolean>, options: WaitOptions = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const interval = options.intervalMs ?? 250;
  for (;;) {
    if (options.process && !options.process.isRunning()) {
      const info = await options.process.exited;
      throw new ComponentFailedError(component, `exited while starting (code ${info.code}, signal ${info.signal})`, options.process.logFile);
    }
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) {
      throw new ComponentFailedError(component, `was not ready within ${options.timeoutMs ?? 60_000} ms`, options.process?.logFile);
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/** True when something accepts TCP connections on host:port. */
export function isPortOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** True when GET url answers 2xx. */
export async function isHttpOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await response.body?.cancel();
  return response.ok;
}
