/**
 * Data access for workflow executions, their step runs and the documents they wait for. Every
 * query a request makes is scoped to one environment; step-run writes are guarded by status, so
 * a retried activity never moves a step backwards or twice.
 */
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type {
  ExecutionError,
  ExecutionOutcome,
  ExecutionStatus,
  ReviewDecisionColumn,
  StepRunStatus,
  WorkflowExecutionRow,
  WorkflowExecutionStepRow,
} from '../tables/user-workflows.table.js';

export interface NewExecution {
  environment: Environment;
  workflowId: string;
  versionId: string;
  version: number;
  input: Record<string, unknown>;
  at: Date;
}

export async function insertExecution(db: Executor, e: NewExecution): Promise<WorkflowExecutionRow> {
  return db
    .insertInto('workflow_executions')
    .values({
      environment: e.environment, workflow_id: e.workflowId, version_id: e.versionId, version: e.version,
      status: 'running', input: JSON.stringify(e.input), created_at: e.at, updated_at: e.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findExecution(db: Executor, environment: Environment, id: string, options: { forUpdate?: boolean } = {}): Promise<WorkflowExecutionRow | undefined> {
  let q = db.selectFrom('workflow_executions').selectAll().where('environment', '=', environment).where('id', '=', id);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function updateExecution(
  db: Executor,
  id: string,
  changes: { status?: ExecutionStatus; outcome?: ExecutionOutcome | null; current_step?: string | null; error?: ExecutionError | null; completed_at?: Date; updated_at: Date },
): Promise<WorkflowExecutionRow> {
  const { error, ...rest } = changes;
  return db
    .updateTable('workflow_executions')
    .set({ ...rest, ...(error !== undefined ? { error: error === null ? null : JSON.stringify(error) } : {}) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ExecutionFilters {
  workflowId?: string | undefined;
  status?: string | undefined;
  outcome?: string | undefined;
  since?: Date | undefined;
}

export function executionListQuery(db: Executor, environment: Environment, filters: ExecutionFilters): SelectQueryBuilder<Database, 'workflow_executions', WorkflowExecutionRow> {
  let q = db.selectFrom('workflow_executions').selectAll().where('workflow_executions.environment', '=', environment);
  if (filters.workflowId) q = q.where('workflow_executions.workflow_id', '=', filters.workflowId);
  if (filters.status) q = q.where('workflow_executions.status', '=', filters.status as ExecutionStatus);
  if (filters.outcome) q = q.where('workflow_executions.outcome', '=', filters.outcome as ExecutionOutcome);
  if (filters.since) q = q.where('workflow_executions.created_at', '>=', filters.since);
  return q;
}

export async function stepRunsOf(db: Executor, executionId: string): Promise<WorkflowExecutionStepRow[]> {
  return db.selectFrom('workflow_execution_steps').selectAll().where('execution_id', '=', executionId).orderBy('seq', 'asc').execute();
}

export async function findStepRun(db: Executor, executionId: string, seq: number, options: { forUpdate?: boolean } = {}): Promise<WorkflowExecutionStepRow | undefined> {
  let q = db.selectFrom('workflow_execution_steps').selectAll().where('execution_id', '=', executionId).where('seq', '=', seq);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The newest step run (what a review decision is checked against). */
export async function latestStepRun(db: Executor, executionId: string, options: { forUpdate?: boolean } = {}): Promise<WorkflowExecutionStepRow | undefined> {
  let q = db.selectFrom('workflow_execution_steps').selectAll().where('execution_id', '=', executionId).orderBy('seq', 'desc').limit(1);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Inserts a step run; false when it was already recorded (a retried activity). */
export async function insertStepRun(db: Executor, run: { environment: Environment; executionId: string; seq: number; stepId: string; stepType: string; status: StepRunStatus; startedAt: Date }): Promise<boolean> {
  const result = await db
    .insertInto('workflow_execution_steps')
    .values({ environment: run.environment, execution_id: run.executionId, seq: run.seq, step_id: run.stepId, step_type: run.stepType, status: run.status, started_at: run.startedAt })
    .onConflict((oc) => oc.columns(['execution_id', 'seq']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Finishes a running or waiting step run; false when it had already finished. */
export async function finishStepRun(db: Executor, executionId: string, seq: number, end: { status: StepRunStatus; output: unknown; error: { code: string; detail: string } | null; completedAt: Date }): Promise<boolean> {
  const result = await db
    .updateTable('workflow_execution_steps')
    .set({
      status: end.status,
      output: end.output === undefined || end.output === null ? null : JSON.stringify(end.output),
      error: end.error ? JSON.stringify(end.error) : null,
      completed_at: end.completedAt,
    })
    .where('execution_id', '=', executionId)
    .where('seq', '=', seq)
    .where('status', 'in', ['running', 'waiting'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setStepResource(db: Executor, executionId: string, seq: number, resourceId: string): Promise<void> {
  await db.updateTable('workflow_execution_steps').set({ resource_id: resourceId }).where('execution_id', '=', executionId).where('seq', '=', seq).execute();
}

export async function setStepReview(db: Executor, executionId: string, seq: number, review: ReviewDecisionColumn): Promise<void> {
  await db.updateTable('workflow_execution_steps').set({ review: JSON.stringify(review) }).where('execution_id', '=', executionId).where('seq', '=', seq).execute();
}

// ---- document waits

export async function insertWait(db: Executor, wait: { environment: Environment; executionId: string; seq: number; resourceType: string; resourceId: string }): Promise<void> {
  await db
    .insertInto('workflow_execution_waits')
    .values({ environment: wait.environment, execution_id: wait.executionId, seq: wait.seq, resource_type: wait.resourceType, resource_id: wait.resourceId })
    .onConflict((oc) => oc.columns(['execution_id', 'seq']).doNothing())
    .execute();
}

export async function deleteWait(db: Executor, executionId: string, seq: number): Promise<void> {
  await db.deleteFrom('workflow_execution_waits').where('execution_id', '=', executionId).where('seq', '=', seq).execute();
}

/** The executions waiting for any of these resources (the trigger consumer's lookup). */
export async function waitsFor(db: Executor, resources: readonly { resourceType: string; resourceId: string }[]): Promise<{ execution_id: string; seq: number; resource_type: string; resource_id: string; environment: Environment }[]> {
  if (resources.length === 0) return [];
  const ids = [...new Set(resources.map((r) => r.resourceId))];
  const rows = await db.selectFrom('workflow_execution_waits').select(['execution_id', 'seq', 'resource_type', 'resource_id', 'environment']).where('resource_id', 'in', ids).execute();
  const wanted = new Set(resources.map((r) => `${r.resourceType} ${r.resourceId}`));
  return rows.filter((r) => wanted.has(`${r.resource_type} ${r.resource_id}`));
}

export async function allWaits(db: Executor): Promise<{ execution_id: string; seq: number; resource_type: string; resource_id: string; environment: Environment }[]> {
  return db.selectFrom('workflow_execution_waits').select(['execution_id', 'seq', 'resource_type', 'resource_id', 'environment']).execute();
}
