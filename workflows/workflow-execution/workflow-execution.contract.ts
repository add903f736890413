/**
 * The interpreter workflow's contract, shared by the API (which starts one per execution, sends
 * review decisions and cancels), the event consumer (which signals settled documents) and the
 * worker: names, the workflow id builder, input/output, the signals and the step outputs.
 * The pinned version's definition travels in the input, so a later deploy never reaches a
 * running execution.
 */
import { defineSignal } from '@temporalio/workflow';
import type { Environment } from '../../infra/db/tables/common.js';
import type { WorkflowDefinition } from './definition.contract.js';

export const WORKFLOW_EXECUTION_WORKFLOW_TYPE = 'workflowExecutionWorkflow';
export const WORKFLOW_EXECUTION_RESOURCE_TYPE = 'workflow_execution';

export interface ExecutionRef {
  executionId: string;
  environment: Environment;
}

/** Where each kind of child workflow runs (production names, or a test's own queues). */
export interface StepTaskQueues {
  screening: string;
  businesses: string;
  websiteChecks: string;
}

/** Where a run stands, carried across continue-as-new. */
export interface InterpreterState {
  /** The last step run's number (1-based; 0 before the first). */
  seq: number;
  /** The step to run next. */
  current: string;
  /** The latest output of each step that ran (what expressions read as steps.<id>). */
  outputs: Record<string, unknown>;
  /** A step run whose end is not recorded yet (recorded with the next step's start). */
  pendingFinish: FinishedStepRun | null;
}

export interface FinishedStepRun {
  seq: number;
  status: 'completed' | 'failed' | 'timed_out' | 'cancelled';
  output: unknown;
  error: { code: string; detail: string } | null;
}

export interface ExecutionWorkflowInput extends ExecutionRef {
  workflowId: string;
  version: number;
  definition: WorkflowDefinition;
  input: Record<string, unknown>;
  taskQueues: StepTaskQueues;
  /** Set when the run continues as new. */
  resume?: InterpreterState;
}

export interface ExecutionWorkflowResult {
  status: 'completed' | 'failed' | 'timed_out';
  outcome: 'approved' | 'declined' | 'needs_review' | null;
}

/** A reviewer's decision for the review step run `seq` (sent by POST /v1/workflows/executions/{id}/review). */
export interface ReviewDecisionSignal {
  seq: number;
  decision: 'approve' | 'decline';
  comment: string | null;
  reviewer: { type: string; id: string | null; name: string };
  decided_at: string;
}
export const reviewDecisionSignal = defineSignal<[ReviewDecisionSignal]>('reviewDecision');

/** A document the step run `seq` waits for has reached a final status (sent by the workflow-trigger consumer). */
export const documentSettledSignal = defineSignal<[{ seq: number }]>('documentSettled');

export function workflowExecutionWorkflowId(executionId: string): string {
  return `workflow-execution-${executionId}`;
}

/** Outputs of the step types (what `steps.<id>` holds for later expressions). */
export interface ScreeningStepOutput {
  screening_id: string;
  status: string;
  has_match: boolean | null;
  matched_lists: { slug: string; name: string; list_type: string; entity_count: number }[];
}
export interface BusinessLookupStepOutput {
  business_id: string;
  async_status: string;
  is_registered: boolean | null;
  company_status: string | null;
  error_codes: string[];
}
export interface WebsiteCheckStepOutput {
  website_check_id: string;
  status: string;
  risk_level: string | null;
  indicator_codes: string[];
  tls_valid: boolean | null;
  business_name_found: boolean | null;
}
export interface DocumentStepOutput {
  document_id: string;
  document_type: string;
  status: string;
  error_codes: string[];
  is_valid: boolean | null;
}
