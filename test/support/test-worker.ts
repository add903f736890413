/**
 * Runs a real Temporal worker inside a test, on unique task queues of the run's dev server, with
 * activities built over the test's own database and storage. Parallel test files never share a queue.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { silentTemporalLogger } from '../../infra/logger/temporal-runtime-logger.js';
import { workflowThreadSharing } from '../../infra/temporal/shared-workflow-threads.js';
import { TASK_QUEUES, type TaskQueueNames } from '../../workflows/shared/task-queues.js';
import { testEnv } from '../setup/test-env.js';

// Workers in tests log at WARN: the SDK's INFO lines (every worker state change) would bury the
// test report in CI's output. Installed once per test process, before any worker exists.
if (!Runtime._instance) Runtime.install({ logger: new DefaultLogger('WARN') });

let bundle: Promise<WorkflowBundleWithSourceMap> | undefined;
/** The workflow bundle is built once per test worker process (webpack takes a few seconds). */
export function workflowBundle(): Promise<WorkflowBundleWithSourceMap> {
  bundle ??= bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('../../workflows/index.ts', import.meta.url)), logger: silentTemporalLogger });
  return bundle;
}

export interface TestTemporal {
  client: Client;
  taskQueues: TaskQueueNames;
  /** Stops the workers and closes connections. */
  close(): Promise<void>;
}

/**
 * Starts one worker per task queue with the given activities, on the dev server of this test run.
 * Activities that start or signal workflows get the client and queue names through a factory.
 */
export async function startTestWorkers(
  activities: object | ((temporal: { client: Client; taskQueues: TaskQueueNames }) => object),
  options: { taskQueues?: TaskQueueNames } = {},
): Promise<TestTemporal> {
  const env = testEnv();
  const suffix = randomBytes(4).toString('hex');
  // Given queue names let a second worker take over the first one's queues (a restart).
  const taskQueues = options.taskQueues ?? (Object.fromEntries(Object.keys(TASK_QUEUES).map((key) => [key, `test-${key}-${suffix}`])) as TaskQueueNames);
  const connection = await Connection.connect({ address: env.temporalAddress });
  const client = new Client({ connection, namespace: env.temporalNamespace });
  const built = typeof activities === 'function' ? activities({ client, taskQueues }) : activities;
  const nativeConnection = await NativeConnection.connect({ address: env.temporalAddress });
  // Like worker/main.ts: the queues' workers share one workflow thread.
  const threads = workflowThreadSharing(1, await workflowBundle());
  const workers = await Promise.all(
    Object.values(taskQueues).map((taskQueue) => threads.create({ connection: nativeConnection, namespace: env.temporalNamespace, taskQueue, activities: built })),
  );
  const running = workers.map((w) => w.run());
  return {
    client,
    taskQueues,
    async close() {
      for (const w of workers) w.shutdown();
      await Promise.allSettled(running);
      await connection.close();
      await nativeConnection.close();
    },
  };
}
