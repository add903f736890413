/**
 * The start sweep: starts the workflow of screenings whose start was lost. The API commits a
 * screening (with its pending event) before it starts the workflow and answers; a process that dies
 * between the two has answered nothing, and the record would stay pending forever. The sweep finds
 * screenings of a request (api or batch) still pending past a grace period with no workflow recorded
 * and starts their workflows under the ids the API uses — `screening-<id>` for a single screening,
 * `screening-batch-<batch id>` for a batch's — with USE_EXISTING, so a start that did happen (a
 * workflow queued behind others) is joined, never duplicated. Grouped starts, whose id no single
 * screening gives, are recorded on their screenings by the API (workflow_id) and left alone. Should
 * a group's record itself be lost, the sweep's own workflow runs the screening too: the results
 * are stored guarded by status, so the screening still finishes once, with one set of events.
 */
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Executor } from '../../infra/db/executor.js';
import { unstartedBatchItems, unstartedScreenings } from '../../infra/db/repositories/screenings.repository.js';
import type { Logger } from '../../infra/logger/logger.js';
import { startWorkflowOnce } from '../../infra/temporal/temporal-client.js';
import {
  SCREENING_BATCH_RESOURCE_TYPE,
  SCREENING_BATCH_WORKFLOW_TYPE,
  SCREENING_RESOURCE_TYPE,
  SCREENING_WORKFLOW_TYPE,
  screeningBatchWorkflowId,
  screeningWorkflowId,
  type ScreeningBatchInput,
  type ScreeningWorkflowInput,
} from '../../workflows/screening/screening.contract.js';
import { resourceSearchAttributes } from '../../workflows/shared/search-attributes.js';

/** How long a screening may stay pending with no workflow recorded before its start counts as lost. */
export const DEFAULT_START_GRACE_MS = 60_000;
/** Screenings looked at per sweep (oldest first); a longer backlog is taken by the next sweeps. */
export const SWEEP_LIMIT = 500;

export interface StartSweepDeps {
  db: Executor;
  temporal: Client;
  /** The queue the API starts screenings on (screening-runs). */
  taskQueue: string;
  logger: Logger;
}

export interface StartSweepResult {
  /** Workflow ids started, or joined when they were running already. */
  workflowIds: string[];
  screenings: number;
}

export async function sweepUnstartedScreenings(deps: StartSweepDeps, options: { graceMs?: number; limit?: number } = {}): Promise<StartSweepResult> {
  const found = await unstartedScreenings(deps.db, options.graceMs ?? DEFAULT_START_GRACE_MS, options.limit ?? SWEEP_LIMIT);
  const result: StartSweepResult = { workflowIds: [], screenings: 0 };
  const batches = new Map<string, (typeof found)[number]>();
  for (const row of found) {
    if (row.batch_id) {
      batches.set(row.batch_id, row);
      continue;
    }
    const input: ScreeningWorkflowInput = { screeningId: row.id, environment: row.environment };
    const workflowId = screeningWorkflowId(row.id);
    if (await start(deps, workflowId, () => startWorkflowOnce(deps.temporal, {
      workflowType: SCREENING_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueue, workflowId,
      searchAttributes: resourceSearchAttributes(SCREENING_RESOURCE_TYPE, row.id, row.environment),
    }))) {
      result.workflowIds.push(workflowId);
      result.screenings += 1;
    }
  }
  for (const [batchId, { environment }] of batches) {
    // Every item of the batch not yet started, not only those this sweep's page reached.
    const input: ScreeningBatchInput = { environment, screeningIds: await unstartedBatchItems(deps.db, environment, batchId) };
    if (input.screeningIds.length === 0) continue;
    const workflowId = screeningBatchWorkflowId(batchId);
    if (await start(deps, workflowId, () => startWorkflowOnce(deps.temporal, {
      workflowType: SCREENING_BATCH_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueue, workflowId,
      searchAttributes: resourceSearchAttributes(SCREENING_BATCH_RESOURCE_TYPE, batchId, environment),
    }))) {
      result.workflowIds.push(workflowId);
      result.screenings += input.screeningIds.length;
    }
  }
  if (result.workflowIds.length > 0) deps.logger.info({ workflows: result.workflowIds.length, screenings: result.screenings }, 'start sweep: started or joined the workflows of pending screenings');
  return result;
}

/** One start; a failure is logged and left to the next sweep. */
async function start(deps: StartSweepDeps, workflowId: string, call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    // Another starter (the API, another worker's sweep) got there first: the workflow exists.
    if (error instanceof WorkflowExecutionAlreadyStartedError) return true;
    deps.logger.warn({ err: error, workflowId }, 'start sweep: could not start a screening workflow');
    return false;
  }
}
