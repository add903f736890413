/**
 * How POST /v1/screenings waits in sync mode: on the workflow result through the Temporal client,
 * with a deadline (the spec's 55 seconds). Tests on the time-skipping server may pass their own
 * waiter. A waiter never throws for a failed workflow: the handler reads the record either way.
 */
import type { Client, WorkflowHandle } from '@temporalio/client';
import type { Logger } from '../../infra/logger/logger.js';
import { resultWithin } from '../../infra/temporal/temporal-client.js';

export type ScreeningCompletionWaiter = (handle: WorkflowHandle, ms: number) => Promise<void>;

/** The spec's synchronous screening wait. */
export const SYNC_SCREENING_WAIT_MS = 55_000;

export function resultWithinWaiter(client: Client, log: Logger): ScreeningCompletionWaiter {
  return async (handle, ms) => {
    try {
      await resultWithin(client, handle, ms);
    } catch (error) {
      log.warn({ err: { name: (error as Error).name, message: (error as Error).message }, workflowId: handle.workflowId }, 'screening workflow failed');
    }
  };
}
