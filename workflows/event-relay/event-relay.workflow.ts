/**
 * Keeps one consumer of the event log reading, for ever: each activity runs the consumer for a few
 * minutes (waking on every commit through LISTEN), heartbeating; a crashed worker's activity times
 * out on its heartbeat and runs again on another worker from the cursor in PostgreSQL, so nothing
 * is lost or handed over twice. The workflow continues as new every so often to keep its history
 * short.
 */
import { continueAsNew, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import type { EventRelayInput } from './event-relay.contract.js';

const RUNS_PER_HISTORY = 100;
const BUDGET_MS = 5 * 60_000;

const relay = proxyActivities<Activities>({
  startToCloseTimeout: '7 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

export async function eventRelayWorkflow(input: EventRelayInput): Promise<void> {
  for (let run = 0; run < RUNS_PER_HISTORY && !workflowInfo().continueAsNewSuggested; run += 1) {
    await relay.runEventRelay({ consumer: input.consumer, budgetMs: BUDGET_MS });
  }
  await continueAsNew<typeof eventRelayWorkflow>(input);
}
