// Proves the Temporal test tooling works: the time-skipping server jumps over timers, and the
// dev server started for this run answers and knows the project's search attributes.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Connection } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTimeSkippingEnv } from './temporal.js';
import { testEnv } from './test-env.js';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { sleepADay } from './fixtures/sleep-a-day.workflow.js';

describe('time-skipping test server', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await createTimeSkippingEnv();
  });
  afterAll(async () => {
    await env?.teardown();
  });

  it('completes a workflow that sleeps a day by skipping the time', async () => {
    const taskQueue = `test-${randomUUID()}`;
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowsPath: fileURLToPath(new URL('./fixtures/sleep-a-day.workflow.ts', import.meta.url)),
    });
    const before = await env.currentTimeMs();
    const result = await worker.runUntil(
      env.client.workflow.execute(sleepADay, { taskQueue, workflowId: `sleep-${randomUUID()}`, args: ['ada'] }),
    );
    expect(result).toBe('awake ada');
    // The server's clock moved a full day, which no test could wait for in real time.
    expect((await env.currentTimeMs()) - before).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
  });
});

describe('Temporal dev server of the test run', () => {
  it('answers on TEMPORAL_ADDRESS with the project search attributes registered', async () => {
    const { temporalAddress, temporalNamespace } = testEnv();
    const connection = await Connection.connect({ address: temporalAddress });
    try {
      const response = await connection.operatorService.listSearchAttributes({ namespace: temporalNamespace });
      expect(Object.keys(response.customAttributes ?? {})).toEqual(
        expect.arrayContaining(['ResourceType', 'ResourceId', 'Environment']),
      );
    } finally {
      await connection.close();
    }
  });
});
