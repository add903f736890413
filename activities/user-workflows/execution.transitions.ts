/**
 * Every state change of a workflow execution, each in one transaction with its event: created
 * (running); the interpreter's progress (a step run finished, the next one started, a review now
 * waiting, the run finished); a reviewer's decision; a custom event of an emit_event step. Once an
 * execution has finished nothing changes it any more, so retried activities are harmless.
 */
import {
  findExecution,
  findStepRun,
  finishStepRun,
  insertExecution,
  insertStepRun,
  latestStepRun,
  setStepResource,
  setStepReview,
  updateExecution,
  type NewExecution,
} from '../../infra/db/repositories/workflow-executions.repository.js';
import { inTransaction, type Executor, type Trx } from '../../infra/db/executor.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type {
  ExecutionError,
  ExecutionOutcome,
  ExecutionStatus,
  ReviewDecisionColumn,
  StepRunStatus,
  WorkflowExecutionRow,
} from '../../infra/db/tables/user-workflows.table.js';
import { conflictError, notFoundError } from '../domain-error.model.js';
import type { Actor } from '../events/actor.model.js';
import type { EventPayload } from '../events/catalog/event-catalog.js';
import { recordEvent } from '../events/record-event.js';

type ExecutionEvent = 'running' | 'review_requested' | 'review_decided' | 'step_event' | 'completed' | 'failed' | 'cancelled' | 'timed_out';
type Payload = EventPayload<'workflow_execution.running'>;

async function recordExecutionEvent(trx: Trx, actor: Actor, row: WorkflowExecutionRow, event: ExecutionEvent, extra: Partial<Payload> = {}): Promise<string> {
  return recordEvent(trx, actor, {
    type: `workflow_execution.${event}`,
    environment: row.environment,
    resourceId: row.id,
    payload: {
      workflow_id: row.workflow_id,
      version: row.version,
      status: row.status,
      outcome: row.outcome,
      current_step: row.current_step,
      step_id: null,
      error_code: row.error?.code ?? null,
      decision: null,
      event_name: null,
      event_data: null,
      ...extra,
    },
  });
}

export async function createExecution(db: Executor, actor: Actor, execution: NewExecution): Promise<WorkflowExecutionRow> {
  return inTransaction(db, async (trx) => {
    const row = await insertExecution(trx, execution);
    await recordExecutionEvent(trx, actor, row, 'running');
    return row;
  });
}

export interface StepProgress {
  environment: Environment;
  executionId: string;
  at: Date;
  /** The step run that ended. */
  finished?: { seq: number; status: StepRunStatus; output: unknown; error: { code: string; detail: string } | null } | undefined;
  /** The step run that begins (status waiting for review steps, whose event asks for a decision). */
  started?: { seq: number; stepId: string; stepType: string; status: 'running' | 'waiting' } | undefined;
  /** The run's end. */
  ended?: { status: Exclude<ExecutionStatus, 'running'>; outcome: ExecutionOutcome | null; error: ExecutionError | null } | undefined;
}

/** The interpreter's bookkeeping after each step; a no-op on a finished execution. */
export async function recordStepProgress(db: Executor, actor: Actor, progress: StepProgress): Promise<void> {
  await inTransaction(db, async (trx) => {
    let row = await findExecution(trx, progress.environment, progress.executionId, { forUpdate: true });
    if (!row) throw notFoundError('Workflow execution', progress.executionId);
    if (row.status !== 'running') return;
    if (progress.finished) await finishStepRun(trx, row.id, progress.finished.seq, { ...progress.finished, completedAt: progress.at });
    if (progress.started) {
      const { seq, stepId, stepType, status } = progress.started;
      const inserted = await insertStepRun(trx, { environment: row.environment, executionId: row.id, seq, stepId, stepType, status, startedAt: progress.at });
      if (inserted) {
        row = await updateExecution(trx, row.id, { current_step: stepId, updated_at: progress.at });
        if (stepType === 'review') await recordExecutionEvent(trx, actor, row, 'review_requested', { step_id: stepId });
      }
    }
    if (progress.ended) {
      const { status, outcome, error } = progress.ended;
      row = await updateExecution(trx, row.id, { status, outcome, error, completed_at: progress.at, updated_at: progress.at });
      await recordExecutionEvent(trx, actor, row, status, { step_id: error?.step_id ?? null });
    }
  });
}

/** Remembers the record a step created, so a retried activity finds it instead of creating another. */
export async function rememberStepResource(trx: Trx, executionId: string, seq: number, resourceId: string): Promise<void> {
  await setStepResource(trx, executionId, seq, resourceId);
}

export interface ReviewDecision {
  environment: Environment;
  executionId: string;
  decision: 'approve' | 'decline';
  comment: string | null;
  at: Date;
}

/**
 * Stores a reviewer's decision on the waiting review step. The same decision again answers the
 * stored one (so a retried request can re-deliver it); another decision, or no review waiting, is 409.
 */
export async function decideReview(db: Executor, actor: Actor, decision: ReviewDecision): Promise<{ seq: number; stepId: string; review: ReviewDecisionColumn }> {
  return inTransaction(db, async (trx) => {
    const row = await findExecution(trx, decision.environment, decision.executionId, { forUpdate: true });
    if (!row) throw notFoundError('Workflow execution', decision.executionId);
    if (row.status !== 'running') throw conflictError('execution_not_running', `Workflow execution ${row.id} is ${row.status}`);
    const step = await latestStepRun(trx, row.id, { forUpdate: true });
    if (!step || step.step_type !== 'review' || step.status !== 'waiting') {
      throw conflictError('no_review_pending', `Workflow execution ${row.id} is not waiting for a review (current step: ${row.current_step ?? 'none'})`);
    }
    if (step.review) {
      if (step.review.decision === decision.decision) return { seq: step.seq, stepId: step.step_id, review: step.review };
      throw conflictError('review_already_decided', `The review at step ${step.step_id} was already decided: ${step.review.decision}`);
    }
    const reviewer = actor.type === 'api_key' ? { type: 'api_key', id: actor.id, name: actor.name } : { type: actor.type, id: null, name: actor.name };
    const review: ReviewDecisionColumn = { decision: decision.decision, comment: decision.comment, reviewer, decided_at: decision.at.toISOString() };
    await setStepReview(trx, row.id, step.seq, review);
    await recordExecutionEvent(trx, actor, row, 'review_decided', { step_id: step.step_id, decision: decision.decision });
    return { seq: step.seq, stepId: step.step_id, review };
  });
}

/** The decision stored for a review step run, if any (the workflow's fallback when a signal was lost). */
export async function storedReview(db: Executor, environment: Environment, executionId: string, seq: number): Promise<ReviewDecisionColumn | null> {
  const execution = await findExecution(db, environment, executionId);
  if (!execution) return null;
  return (await findStepRun(db, executionId, seq))?.review ?? null;
}

/** Records an emit_event step's event once per step run; answers the event id. */
export async function emitStepEvent(
  db: Executor, actor: Actor,
  event: { environment: Environment; executionId: string; seq: number; stepId: string; name: string; data: Record<string, string | number | boolean | null> | null },
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const row = await findExecution(trx, event.environment, event.executionId, { forUpdate: true });
    if (!row) throw notFoundError('Workflow execution', event.executionId);
    const step = await findStepRun(trx, row.id, event.seq, { forUpdate: true });
    if (step?.resource_id) return step.resource_id;
    const eventId = await recordExecutionEvent(trx, actor, row, 'step_event', { step_id: event.stepId, event_name: event.name, event_data: event.data });
    await setStepResource(trx, row.id, event.seq, eventId);
    return eventId;
  });
}
