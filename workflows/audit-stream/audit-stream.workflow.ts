/**
 * Keeps one audit stream pushed: each activity pushes new audit events for a few minutes (waking
 * on every append); the stream's position is in PostgreSQL, so a crashed worker's activity runs
 * again from there. Ends when the stream is deleted or switched off; continues as new every so
 * often to keep its history short.
 */
import { continueAsNew, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import type { AuditStreamInput } from './audit-stream.contract.js';

const RUNS_PER_HISTORY = 100;
const BUDGET_MS = 5 * 60_000;

const streams = proxyActivities<Activities>({
  startToCloseTimeout: '7 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

export async function auditStreamWorkflow(input: AuditStreamInput): Promise<void> {
  for (let run = 0; run < RUNS_PER_HISTORY && !workflowInfo().continueAsNewSuggested; run += 1) {
    const { gone } = await streams.runAuditStream({ streamId: input.streamId, budgetMs: BUDGET_MS });
    if (gone) return;
  }
  await continueAsNew<typeof auditStreamWorkflow>(input);
}
