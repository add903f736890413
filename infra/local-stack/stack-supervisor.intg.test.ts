// Real processes, no servers: a member of the stack that dies is restarted with backoff and a log
// line while the others keep running; a restart that fails is retried; a member that cannot be
// restarted stops the whole stack in order.
import { describe, expect, it } from 'vitest';
import { isProcessAlive, startProcess, type ManagedProcess } from './process-group.js';
import { restartDelayMs, nextAttempt } from './restart-backoff.js';
import { StackSupervisor, STOP_TIER } from './stack-supervisor.js';
import { waitFor } from './wait-for.js';

const sleeper = (name: string): ManagedProcess => startProcess({ name, command: 'sleep', args: ['300'], unref: true });
const fast = { initialMs: 50, maxMs: 400, healthyAfterMs: 60_000 };

function supervisorForTest() {
  const lines: string[] = [];
  const exits: number[] = [];
  const supervisor = new StackSupervisor({ handleSignals: false, log: (line) => lines.push(line), exit: (code) => exits.push(code), backoff: fast });
  return { supervisor, lines, exits };
}

describe('restart backoff', () => {
  it('doubles from 1 s to 30 s and starts over after a healthy minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => restartDelayMs(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(nextAttempt(3, 5_000)).toBe(4);
    expect(nextAttempt(3, 61_000)).toBe(1);
  });
});

describe('StackSupervisor', () => {
  it('restarts a SIGKILLed member with a log line; the others keep running', async () => {
    const { supervisor, lines } = supervisorForTest();
    const started: number[] = [];
    const worker = supervisor.add(sleeper('worker'), STOP_TIER.program, { restart: async () => sleeper('worker'), onStarted: (p) => started.push(p.pid) });
    const api = supervisor.add(sleeper('api'), STOP_TIER.program, { restart: async () => sleeper('api') });
    try {
      process.kill(worker.pid, 'SIGKILL');
      await waitFor('worker restart', async () => started.length === 2, { timeoutMs: 5_000, intervalMs: 20 });
      expect(started[1]).not.toBe(worker.pid);
      expect(isProcessAlive(started[1]!)).toBe(true);
      expect(api.isRunning()).toBe(true);
      expect(lines.some((line) => /^\[stack\] worker exited unexpectedly \(code null, signal SIGKILL\); restarting in 0\.1 s \(restart 1\)/.test(line))).toBe(true);
      expect(lines).toContain(`[stack] worker restarted (pid ${started[1]})`);
      // A second crash soon after waits longer.
      process.kill(started[1]!, 'SIGKILL');
      await waitFor('second restart', async () => started.length === 3, { timeoutMs: 5_000, intervalMs: 20 });
      expect(lines.some((line) => /worker exited unexpectedly .*restarting in 0\.1 s \(restart 2\)/.test(line))).toBe(true);
    } finally {
      await supervisor.shutdown(0);
    }
    expect(supervisor.running().every((p) => !p.isRunning())).toBe(true);
  });

  it('retries a restart that fails, with a growing delay', async () => {
    const { supervisor, lines } = supervisorForTest();
    let attempts = 0;
    const member = supervisor.add(sleeper('temporal'), STOP_TIER.temporal, {
      restart: async () => {
        attempts += 1;
        if (attempts < 3) throw new Error('port still in use');
        return sleeper('temporal');
      },
    });
    try {
      process.kill(member.pid, 'SIGKILL');
      await waitFor('restarted after failures', async () => lines.some((line) => line.startsWith('[stack] temporal restarted')), { timeoutMs: 5_000, intervalMs: 20 });
      expect(attempts).toBe(3);
      expect(lines.filter((line) => line.includes('could not be restarted (port still in use)'))).toHaveLength(2);
    } finally {
      await supervisor.shutdown(0);
    }
  });

  it('a member without a restart stops the stack, programs before servers', async () => {
    const { supervisor, lines, exits } = supervisorForTest();
    const postgres = supervisor.add(sleeper('postgres'), STOP_TIER.postgres, { restart: async () => sleeper('postgres') });
    const step = supervisor.add(sleeper('step'), STOP_TIER.program);
    process.kill(step.pid, 'SIGKILL');
    await waitFor('stack stopped', async () => exits.length === 1, { timeoutMs: 20_000, intervalMs: 20 });
    expect(exits).toEqual([1]);
    expect(postgres.isRunning()).toBe(false);
    expect(lines.some((line) => line.startsWith('[stack] step exited unexpectedly'))).toBe(true);
    expect(lines.some((line) => line.startsWith('[stack] postgres stopped'))).toBe(true);
  });
});
