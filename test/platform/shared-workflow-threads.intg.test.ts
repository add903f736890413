// The workers of one process share one pool of workflow threads (infra/temporal/shared-workflow-threads.ts):
// counted as the process's Node worker threads (named "WorkerThread" by Node), against workers made
// the SDK's way, on the run's Temporal dev server with real workflows on every queue.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker, bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowThreadSharing } from '../../infra/temporal/shared-workflow-threads.js';
import { silentTemporalLogger } from '../../infra/logger/temporal-runtime-logger.js';
import { testEnv } from '../setup/test-env.js';
import '../support/test-worker.js';
import { heldQueueEcho, queueEcho, release } from './fixtures/queue-echo.workflow.js';

const workflowThreads = () =>
  readdirSync('/proc/self/task').filter((task) => {
    try {
      return readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === 'WorkerThread';
    } catch {
      return false; // a thread that ended while listed
    }
  }).length;

let bundle: WorkflowBundleWithSourceMap;
let native: NativeConnection;
let connection: Connection;
let client: Client;

beforeAll(async () => {
  const env = testEnv();
  bundle = await bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('./fixtures/queue-echo.workflow.ts', import.meta.url)), logger: silentTemporalLogger });
  native = await NativeConnection.connect({ address: env.temporalAddress });
  connection = await Connection.connect({ address: env.temporalAddress });
  client = new Client({ connection, namespace: env.temporalNamespace });
});

afterAll(async () => {
  await connection?.close();
  await native?.close();
});

const queues = (n: number) => Array.from({ length: n }, (_, i) => `test-shared-threads-${i}-${randomUUID()}`);
const workerOptions = (taskQueue: string) => ({ connection: native, namespace: testEnv().temporalNamespace, taskQueue });
const echo = (taskQueue: string) => client.workflow.execute(queueEcho, { taskQueue, workflowId: `echo-${randomUUID()}` });

async function stop(workers: Worker[], running: Promise<void>[]): Promise<void> {
  for (const w of workers) if (w.getState() === 'RUNNING') w.shutdown();
  await Promise.all(running);
}

describe('workflowThreadSharing', () => {
  it('runs the workflows of three queues on one thread, which ends with the last worker', async () => {
    const before = workflowThreads();
    const sharing = workflowThreadSharing(1, bundle);
    const names = queues(3);
    const workers = await Promise.all(names.map((q) => sharing.create(workerOptions(q))));
    const running = workers.map((w) => w.run());
    try {
      expect(workflowThreads() - before).toBe(1);
      expect(sharing.threads()).toBe(1);
      expect(await Promise.all(names.map(echo))).toEqual(names);
    } finally {
      await stop(workers, running);
    }
    expect(workflowThreads() - before).toBe(0);
    expect(sharing.threads()).toBe(0);
  });

  it('made the SDK way, three queues take three threads (what the sharing saves)', async () => {
    const before = workflowThreads();
    const names = queues(3);
    const workers = await Promise.all(names.map((q) => Worker.create({ ...workerOptions(q), workflowBundle: bundle })));
    const running = workers.map((w) => w.run());
    try {
      expect(workflowThreads() - before).toBe(3);
      expect(await Promise.all(names.map(echo))).toEqual(names);
    } finally {
      await stop(workers, running);
    }
  });

  it('keeps the pool for the workers still running when one shuts down, open workflows included', async () => {
    const before = workflowThreads();
    const sharing = workflowThreadSharing(2, bundle);
    const [first, second, third] = queues(3) as [string, string, string];
    const workers = await Promise.all([first, second, third].map((q) => sharing.create(workerOptions(q))));
    const running = workers.map((w) => w.run());
    try {
      expect(workflowThreads() - before).toBe(2);
      // A workflow of the second queue stays open in the pool while the first queue's worker goes.
      const held = await client.workflow.start(heldQueueEcho, { taskQueue: second, workflowId: `held-${randomUUID()}` });
      await expect.poll(async () => (await held.describe()).historyLength, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      workers[0]!.shutdown();
      await running[0];
      // Counted across the whole process: a thread of another worker that is still ending (or
      // starting) when the shutdown returns was once counted here (3 for 2, one CI run in many), so
      // the count is read until it settles; a pool that lost or added a thread for good still fails.
      await expect.poll(() => workflowThreads() - before, { timeout: 10_000 }).toBe(2);
      await held.signal(release);
      expect(await held.result()).toBe(second);
      expect(await echo(third)).toBe(third);
    } finally {
      await stop(workers, running);
    }
    expect(workflowThreads() - before).toBe(0);
  });

  it('loads the bundle once for all its workers: later ones start with the file gone', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shared-threads-'));
    const codePath = path.join(dir, 'workflows.js');
    writeFileSync(codePath, bundle.code);
    const sharing = workflowThreadSharing(1, { codePath });
    const names = queues(3);
    const workers: Worker[] = [];
    try {
      workers.push(await sharing.create(workerOptions(names[0]!)));
      rmSync(codePath);
      for (const name of names.slice(1)) workers.push(await sharing.create(workerOptions(name)));
      const running = workers.map((w) => w.run());
      try {
        expect(await Promise.all(names.map(echo))).toEqual(names);
      } finally {
        await stop(workers, running);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a bundle or pool that failed to load is not kept: the next worker loads afresh', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shared-threads-'));
    const codePath = path.join(dir, 'workflows.js');
    const sharing = workflowThreadSharing(1, { codePath });
    try {
      // No bundle file yet: loading the bundle fails.
      await expect(sharing.create(workerOptions(queues(1)[0]!))).rejects.toThrow(/ENOENT/);
      // A bundle that parses but throws when the workflow thread evaluates it: starting the pool fails.
      writeFileSync(codePath, `throw new Error('not a workflow bundle');\n${bundle.code}`);
      await expect(sharing.create(workerOptions(queues(1)[0]!))).rejects.toThrow();
      expect(sharing.threads()).toBe(0);
      // (The SDK leaves the thread whose start failed running, shared or not: count from here.)
      const afterFailures = workflowThreads();
      // The file repaired: the next worker reads it again and starts a pool that runs workflows.
      writeFileSync(codePath, bundle.code);
      const [name] = queues(1) as [string];
      const worker = await sharing.create(workerOptions(name));
      const running = worker.run();
      try {
        expect(workflowThreads() - afterFailures).toBe(1);
        expect(await echo(name)).toBe(name);
      } finally {
        await stop([worker], [running]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a thread count that is not a whole number of at least one', () => {
    expect(() => workflowThreadSharing(0, bundle)).toThrow(RangeError);
    expect(() => workflowThreadSharing(1.5, bundle)).toThrow(RangeError);
  });
});
