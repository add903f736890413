import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
type Timestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type WorkflowState = 'draft' | 'active' | 'paused' | 'archived';

/** A customer's workflow: the editable definition (the draft) and its state; deployed copies are versions. */
export interface WorkflowsTable {
  id: Generated<string>;
  environment: Environment;
  name: string;
  description: string | null;
  state: ColumnType<WorkflowState, WorkflowState | undefined, WorkflowState>;
  input_schema: Json<Record<string, unknown>>;
  definition: Json<Record<string, unknown>>;
  /** The newest deployed version number; null before the first deploy. */
  latest_version: number | null;
  deployed_at: Timestamp;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  deleted_at: Timestamp;
}
export type WorkflowRow = Selectable<WorkflowsTable>;

/** An immutable deployed copy of a workflow's definition (what executions run). */
export interface WorkflowVersionsTable {
  id: Generated<string>;
  environment: Environment;
  workflow_id: string;
  version: number;
  name: string;
  input_schema: Json<Record<string, unknown>>;
  definition: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}
export type WorkflowVersionRow = Selectable<WorkflowVersionsTable>;

export type ExecutionStatus = 'running' | 'completed' | 'failed' | 'cancelled' | 'timed_out';
export type ExecutionOutcome = 'approved' | 'declined' | 'needs_review';

/** One run of a workflow version. `input` is the caller's input (may hold personal data). */
export interface WorkflowExecutionsTable {
  id: Generated<string>;
  environment: Environment;
  workflow_id: string;
  version_id: string;
  version: number;
  status: ColumnType<ExecutionStatus, ExecutionStatus | undefined, ExecutionStatus>;
  outcome: ColumnType<ExecutionOutcome | null, ExecutionOutcome | null | undefined, ExecutionOutcome | null>;
  current_step: ColumnType<string | null, string | null | undefined, string | null>;
  input: Json<Record<string, unknown>>;
  /** Why a run failed, timed out or was cancelled: {code, detail, step_id}. */
  error: NullableJson<ExecutionError>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  completed_at: Timestamp;
}
export type WorkflowExecutionRow = Selectable<WorkflowExecutionsTable>;

export interface ExecutionError {
  code: string;
  detail: string;
  step_id: string | null;
}

export type StepRunStatus = 'running' | 'waiting' | 'completed' | 'failed' | 'timed_out' | 'cancelled';

/** One run of one step of an execution, in order (seq). */
export interface WorkflowExecutionStepsTable {
  id: Generated<string>;
  environment: Environment;
  execution_id: string;
  seq: number;
  step_id: string;
  step_type: string;
  status: ColumnType<StepRunStatus, StepRunStatus, StepRunStatus>;
  started_at: Date;
  completed_at: Timestamp;
  output: NullableJson<unknown>;
  error: NullableJson<{ code: string; detail: string }>;
  /** The record the step created (screening, business, website check), so a retried activity reuses it. */
  resource_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A review step's decision as sent to the review endpoint. */
  review: NullableJson<ReviewDecisionColumn>;
}
export type WorkflowExecutionStepRow = Selectable<WorkflowExecutionStepsTable>;

export interface ReviewDecisionColumn {
  decision: 'approve' | 'decline';
  comment: string | null;
  reviewer: { type: string; id: string | null; name: string };
  decided_at: string;
}

/** A document an execution waits for; the workflow-trigger consumer of the event log signals it. */
export interface WorkflowExecutionWaitsTable {
  environment: Environment;
  execution_id: string;
  seq: number;
  resource_type: string;
  resource_id: string;
  created_at: Generated<Date>;
}
