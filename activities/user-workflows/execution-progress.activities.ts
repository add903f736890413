/**
 * The interpreter's bookkeeping activities: record step progress (the previous step run's end,
 * the next one's start, the run's end — one transaction with their events), an emit_event step's
 * custom event, and the decision stored for a review (for a signal that was lost).
 */
import type { Db } from '../../infra/db/create-db.js';
import type { ExecutionOutcome } from '../../infra/db/tables/user-workflows.table.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { FinishedStepRun, ReviewDecisionSignal } from '../../workflows/workflow-execution/workflow-execution.contract.js';
import { DEFINITION_LIMITS } from '../../workflows/workflow-execution/definition.contract.js';
import { emitStepEvent, recordStepProgress, storedReview } from './execution.transitions.js';
import { executionActor } from './steps/record-steps.activities.js';
import { checkEventDataValue } from './steps/step-inputs.model.js';
import { stepInputFailure } from './steps/step-failure.js';

export interface ExecutionProgress {
  executionId: string;
  environment: Environment;
  /** Workflow time (ms), so timestamps follow Temporal time (and time-skipping tests). */
  at: number;
  finished?: FinishedStepRun | undefined;
  started?: { seq: number; stepId: string; stepType: string; status: 'running' | 'waiting' } | undefined;
  ended?: { status: 'completed' | 'failed' | 'timed_out' | 'cancelled'; outcome: ExecutionOutcome | null; error: { code: string; detail: string; step_id: string | null } | null } | undefined;
}

export function createExecutionProgressActivities(deps: { db: Db }) {
  const { db } = deps;
  return {
    async recordExecutionProgress(progress: ExecutionProgress): Promise<void> {
      await recordStepProgress(db, executionActor(progress.executionId), { ...progress, at: new Date(progress.at) });
    },

    async emitWorkflowStepEvent(input: { executionId: string; environment: Environment; seq: number; stepId: string; name: string; data: Record<string, unknown> | null }): Promise<{ eventId: string }> {
      const data: Record<string, string | number | boolean | null> = {};
      for (const [key, value] of Object.entries(input.data ?? {})) {
        const normalised = value === undefined ? null : value;
        const problem = checkEventDataValue(normalised, DEFINITION_LIMITS.maxEventDataString);
        if (problem) throw stepInputFailure('invalid_step_input', `data.${key} ${problem}`);
        data[key] = normalised as string | number | boolean | null;
      }
      const eventId = await emitStepEvent(db, executionActor(input.executionId), { ...input, data: input.data === null ? null : data });
      return { eventId };
    },

    async readStoredReview(input: { executionId: string; environment: Environment; seq: number }): Promise<ReviewDecisionSignal | null> {
      const review = await storedReview(db, input.environment, input.executionId, input.seq);
      return review ? { seq: input.seq, ...review } : null;
    },
  };
}
