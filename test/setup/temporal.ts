// Temporal test environments for workflow tests: the time-skipping test server installed by
// the tool installer (never a download at test time).
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { testEnv } from './test-env.js';

/** A fresh time-skipping environment; call `teardown()` on it in afterAll. */
export function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  return TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: testEnv().temporalTestServerPath } },
  });
}

/** An environment on the shared dev server of this test run (real time, search attributes). */
export function connectToDevServer(): Promise<TestWorkflowEnvironment> {
  const env = testEnv();
  return TestWorkflowEnvironment.createFromExistingServer({ address: env.temporalAddress, namespace: env.temporalNamespace });
}
