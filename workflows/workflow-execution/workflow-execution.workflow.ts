/**
 * The interpreter: one Temporal workflow per execution runs the pinned version's definition step
 * by step. Before each step it records (local activity, one transaction) the end of the previous
 * step run and the start of this one, so GET /v1/workflows/status/{id} reads the run from
 * PostgreSQL as it goes; outcome steps, failures without on_failure and timeouts without
 * on_timeout end the run. Review decisions and settled documents arrive as signals. The run
 * continues as new when its history grows long (loops through wait or review), carrying its
 * state; cancellation (POST …/cancel) is recorded before the workflow reports it.
 */
import {
  CancellationScope,
  continueAsNew,
  isCancellation,
  proxyLocalActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import { DEFINITION_LIMITS, type StepDefinition } from './definition.contract.js';
import { runStep, type StepResult } from './step-runners.js';
import {
  documentSettledSignal,
  reviewDecisionSignal,
  type ExecutionWorkflowInput,
  type ExecutionWorkflowResult,
  type FinishedStepRun,
  type InterpreterState,
  type ReviewDecisionSignal,
} from './workflow-execution.contract.js';

const bookkeeping = proxyLocalActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

type Ending = { status: 'completed' | 'failed' | 'timed_out' | 'cancelled'; outcome: ExecutionWorkflowResult['outcome']; error: { code: string; detail: string; step_id: string | null } | null };

export async function workflowExecutionWorkflow(run: ExecutionWorkflowInput): Promise<ExecutionWorkflowResult> {
  const reviews = new Map<number, ReviewDecisionSignal>();
  const settledDocuments = new Set<number>();
  setHandler(reviewDecisionSignal, (decision) => void reviews.set(decision.seq, decision));
  setHandler(documentSettledSignal, ({ seq }) => void settledDocuments.add(seq));

  const state: InterpreterState = run.resume ?? { seq: 0, current: run.definition.start, outputs: {}, pendingFinish: null };
  const ref = { executionId: run.executionId, environment: run.environment };
  const record = (progress: { finished?: FinishedStepRun | null; started?: { seq: number; stepId: string; stepType: string; status: 'running' | 'waiting' }; ended?: Ending }) =>
    bookkeeping.recordExecutionProgress({ ...ref, at: Date.now(), finished: progress.finished ?? undefined, started: progress.started, ended: progress.ended });

  try {
    for (;;) {
      if (state.seq >= DEFINITION_LIMITS.maxStepRuns) {
        const ending: Ending = { status: 'failed', outcome: null, error: { code: 'step_limit_exceeded', detail: `the run executed ${DEFINITION_LIMITS.maxStepRuns} steps`, step_id: state.current } };
        await record({ finished: state.pendingFinish, ended: ending });
        return { status: 'failed', outcome: null };
      }
      const stepId = state.current;
      const step = run.definition.steps[stepId] as StepDefinition;
      state.seq += 1;
      const seq = state.seq;
      await record({ finished: state.pendingFinish, started: { seq, stepId, stepType: step.type, status: step.type === 'review' ? 'waiting' : 'running' } });
      state.pendingFinish = null;

      const data = {
        input: run.input,
        steps: state.outputs,
        execution: { id: run.executionId, workflow_id: run.workflowId, version: run.version, environment: run.environment },
      };
      const result = await runStep(step, { run, seq, stepId, data, reviews, settledDocuments });
      state.outputs[stepId] = result.output;
      const finished: FinishedStepRun = { seq, status: result.status, output: result.output, error: result.error };

      const ending = endingOf(step, stepId, result);
      if (ending) {
        await record({ finished, ended: ending });
        return { status: ending.status as ExecutionWorkflowResult['status'], outcome: ending.outcome };
      }
      state.current = (step as unknown as Record<string, string>)[result.route]!;
      state.pendingFinish = finished;
      if (workflowInfo().continueAsNewSuggested) {
        await continueAsNew<typeof workflowExecutionWorkflow>({ ...run, resume: state });
      }
    }
  } catch (error) {
    if (isCancellation(error)) {
      await CancellationScope.nonCancellable(() =>
        record({
          finished: state.pendingFinish ?? { seq: state.seq, status: 'cancelled', output: null, error: null },
          ended: { status: 'cancelled', outcome: null, error: { code: 'execution_cancelled', detail: 'the execution was cancelled', step_id: state.current } },
        }),
      );
    }
    throw error;
  }
}

/** How a step's result ends the run, or null when it routes on. */
function endingOf(step: StepDefinition, stepId: string, result: StepResult): Ending | null {
  if (step.type === 'outcome') return { status: 'completed', outcome: step.outcome, error: null };
  const target = (step as unknown as Record<string, unknown>)[result.route];
  if (typeof target === 'string') return null;
  const error = { code: result.error?.code ?? 'step_failed', detail: result.error?.detail ?? `step ${stepId} did not finish`, step_id: stepId };
  return { status: result.status === 'timed_out' ? 'timed_out' : 'failed', outcome: null, error };
}
