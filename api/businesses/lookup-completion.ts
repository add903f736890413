/**
 * How POST /v1/businesses waits for a lookup in sync mode. The default waits on the workflow
 * result through the Temporal client with a wall-clock deadline; a test on Temporal's
 * time-skipping server passes a waiter that measures the deadline in server time instead.
 * A waiter never throws for a failed workflow: the handler reads the record either way.
 */
import type { Client, WorkflowHandle } from '@temporalio/client';
import type { Logger } from '../../infra/logger/logger.js';
import { resultWithin } from '../../infra/temporal/temporal-client.js';

/** Resolves once the lookup has finished or `ms` have passed, whichever comes first. */
export type LookupCompletionWaiter = (handle: WorkflowHandle, ms: number) => Promise<void>;

export function resultWithinWaiter(client: Client, log: Logger): LookupCompletionWaiter {
  return async (handle, ms) => {
    try {
      await resultWithin(client, handle, ms);
    } catch (error) {
      // The record stays processing and the caller gets 201; the workflow's own history says why.
      log.warn({ err: { name: (error as Error).name, message: (error as Error).message }, workflowId: handle.workflowId }, 'business lookup workflow failed');
    }
  };
}

/** The spec's synchronous business lookup wait. */
export const SYNC_LOOKUP_WAIT_MS = 45_000;
