// Real processes, no servers: stopping reaches the whole process group, and waiting for a
// component that dies reports its log.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive, startProcess } from './process-group.js';
import { ComponentFailedError, waitFor } from './wait-for.js';

/** Each test's folder, all under one removed after the file's tests. */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'cw-process-group-'));
const tempDir = () => mkdtempSync(path.join(scratch, 'test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('startProcess', () => {
  it('stops the leader and every process it started', async () => {
    const dir = tempDir();
    const pidFile = path.join(dir, 'grandchild.pid');
    // The leader ignores SIGTERM, so only the group kill after the grace period ends it.
    const leader = startProcess({
      name: 'group',
      command: 'sh',
      args: ['-c', `trap '' TERM; sleep 300 & echo $! > ${pidFile}; wait`],
      logFile: path.join(dir, 'log'),
      unref: true,
    });
    await waitFor('grandchild', async () => readFileSync(pidFile, 'utf8').trim().length > 0, { timeoutMs: 5_000 });
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    expect(isProcessAlive(grandchild)).toBe(true);
    const info = await leader.stop(300);
    expect(info.signal).toBe('SIGKILL');
    await waitFor('grandchild exit', async () => !isProcessAlive(grandchild), { timeoutMs: 5_000 });
    expect(leader.isRunning()).toBe(false);
  });

  it('sends the configured stop signal to the leader', async () => {
    const dir = tempDir();
    const leader = startProcess({
      name: 'polite',
      command: 'sh',
      args: ['-c', "trap 'echo got INT; exit 7' INT; echo ready; while :; do sleep 0.05; done"],
      logFile: path.join(dir, 'log'),
      stopSignal: 'SIGINT',
      unref: true,
    });
    // Signal only once the trap is installed.
    await waitFor('trap', async () => readFileSync(path.join(dir, 'log'), 'utf8').includes('ready'), { timeoutMs: 5_000 });
    expect(await leader.stop(5_000)).toEqual({ code: 7, signal: null });
    expect(readFileSync(path.join(dir, 'log'), 'utf8')).toContain('got INT');
  });
});

describe('waitFor', () => {
  it('fails at once with the component name and its log when the process dies', async () => {
    const dir = tempDir();
    const doomed = startProcess({
      name: 'doomed',
      command: 'sh',
      args: ['-c', 'echo "fatal: no config"; exit 2'],
      logFile: path.join(dir, 'log'),
      unref: true,
    });
    const error = await waitFor('doomed-server', async () => false, { process: doomed, timeoutMs: 30_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ComponentFailedError);
    expect((error as Error).message).toMatch(/doomed-server exited while starting \(code 2/);
    expect((error as Error).message).toContain('fatal: no config');
  });

  it('names the component when the deadline passes', async () => {
    await expect(waitFor('sluggish', async () => false, { timeoutMs: 100, intervalMs: 20 })).rejects.toThrow(/sluggish was not ready within 100 ms/);
  });
});
