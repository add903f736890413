// A workflow stuck in a loop, on a real worker and the run's Temporal dev server: the watch
// (infra/temporal/workflow-thread-watch.ts) terminates its thread and the Worker fails, as the
// SDK's own per-call timer would have caught it — after the worker had run other workflows normally.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentTemporalLogger } from '../../infra/logger/temporal-runtime-logger.js';
import { workflowThreadSharing } from '../../infra/temporal/shared-workflow-threads.js';
import { GuardedWorker } from '../../infra/temporal/workflow-thread-watch.js';
import { testEnv } from '../setup/test-env.js';
import '../support/test-worker.js';
import { quickAnswer, spinForever } from './fixtures/spin.workflow.js';

let bundle: WorkflowBundleWithSourceMap;
let native: NativeConnection;
let connection: Connection;
let client: Client;

beforeAll(async () => {
  const env = testEnv();
  bundle = await bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('./fixtures/spin.workflow.ts', import.meta.url)), logger: silentTemporalLogger });
  native = await NativeConnection.connect({ address: env.temporalAddress });
  connection = await Connection.connect({ address: env.temporalAddress });
  client = new Client({ connection, namespace: env.temporalNamespace });
});

afterAll(async () => {
  await connection?.close();
  await native?.close();
});

const options = (taskQueue: string) => ({ connection: native, namespace: testEnv().temporalNamespace, taskQueue, isolateExecutionTimeout: '1s' as const });

async function stuckWorkerFails(start: (taskQueue: string) => Promise<GuardedWorker>): Promise<void> {
  const taskQueue = `test-thread-watch-${randomUUID()}`;
  const worker = await start(taskQueue);
  const running = worker.run();
  const outcome = running.then(() => 'stopped cleanly', (error: unknown) => error);
  const spinning = `spin-${randomUUID()}`;
  try {
    expect(await client.workflow.execute(quickAnswer, { taskQueue, workflowId: `quick-${randomUUID()}` })).toBe('answered');
    await client.workflow.start(spinForever, { taskQueue, workflowId: spinning });
    const error = await outcome;
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toMatch(/Worker Thread exited/);
    expect(worker.getState()).toBe('FAILED');
  } finally {
    if (worker.getState() === 'RUNNING') worker.shutdown();
    await running.catch(() => undefined);
    await client.workflow.getHandle(spinning).terminate('test over').catch(() => undefined);
  }
}

describe('workflow thread watch', () => {
  it('a workflow stuck in a loop ends its thread and fails the worker', async () => {
    await stuckWorkerFails((taskQueue) => GuardedWorker.create({ ...options(taskQueue), workflowBundle: bundle }));
  }, 60_000);

  it('the same on a shared pool of workflow threads', async () => {
    const sharing = workflowThreadSharing(1, bundle);
    await stuckWorkerFails((taskQueue) => sharing.create(options(taskQueue)));
  }, 60_000);
});
