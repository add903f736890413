/**
 * How each step type runs inside the interpreter workflow. A runner evaluates its expressions,
 * does its work — an activity that creates the record through the feature's own transitions and
 * the feature's own workflow as a CHILD (screening, business lookup, website check), a durable
 * timer (wait), a signal with a timeout (review, wait_for_document) — and answers how the step
 * ended and which member routes on (next, then, else, on_failure, on_timeout, on_approve,
 * on_decline). Deterministic: only workflow APIs, activities and pure code.
 */
import { ActivityFailure, ApplicationFailure, ChildWorkflowFailure, ParentClosePolicy, ChildWorkflowCancellationType, condition, executeChild, proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { BUSINESS_LOOKUP_WORKFLOW_TYPE, BUSINESS_RESOURCE_TYPE, businessLookupWorkflowId } from '../business-lookup/business-lookup.contract.js';
import { SCREENING_RESOURCE_TYPE, SCREENING_WORKFLOW_TYPE, screeningWorkflowId } from '../screening/screening.contract.js';
import { resourceSearchAttributes } from '../shared/search-attributes.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import { WEBSITE_CHECK_RESOURCE_TYPE, WEBSITE_CHECK_WORKFLOW_TYPE, websiteCheckWorkflowId } from '../website-check/website-check.contract.js';
import { parseDuration, type StepDefinition } from './definition.contract.js';
import { evaluate, truthy, type ExpressionData } from './expressions.js';
import { documentPollDelays } from './document-polling.js';
import type { ExecutionWorkflowInput, ReviewDecisionSignal } from './workflow-execution.contract.js';

const records = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

export type StepRoute = 'next' | 'then' | 'else' | 'on_failure' | 'on_timeout' | 'on_approve' | 'on_decline' | 'end';

export interface StepResult {
  status: 'completed' | 'failed' | 'timed_out';
  output: unknown;
  error: { code: string; detail: string } | null;
  route: StepRoute;
}

/** What a runner may read and wait on. */
export interface StepContext {
  run: ExecutionWorkflowInput;
  seq: number;
  stepId: string;
  data: ExpressionData;
  reviews: Map<number, ReviewDecisionSignal>;
  settledDocuments: Set<number>;
}

/** A step input that cannot be used (bad expression result, missing field): the step fails. */
class StepInputError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

const failed = (code: string, detail: string, output: unknown = null): StepResult => ({ status: 'failed', output, error: { code, detail }, route: 'on_failure' });

function value(expression: unknown, ctx: StepContext, member: string): unknown {
  try {
    return evaluate(expression, ctx.data);
  } catch (error) {
    throw new StepInputError('expression_error', `${member}: ${(error as Error).message}`);
  }
}

function values(map: Record<string, unknown> | undefined, ctx: StepContext, member: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(map ?? {}).map(([k, e]) => [k, value(e, ctx, `${member}.${k}`)]));
}

/** An activity's non-retryable refusal (invalid step input, missing record) as the step's error. */
function activityError(error: unknown): { code: string; detail: string } | null {
  if (!(error instanceof ActivityFailure)) return null;
  const cause = error.cause;
  if (cause instanceof ApplicationFailure) {
    const details = (cause.details?.[0] ?? {}) as { code?: string };
    return { code: details.code ?? 'step_failed', detail: cause.message };
  }
  return { code: 'step_failed', detail: cause?.message ?? error.message };
}

export async function runStep(step: StepDefinition, ctx: StepContext): Promise<StepResult> {
  try {
    return await dispatch(step, ctx);
  } catch (error) {
    if (error instanceof StepInputError) return failed(error.code, error.message);
    const fromActivity = activityError(error);
    if (fromActivity) return failed(fromActivity.code, fromActivity.detail);
    if (error instanceof ChildWorkflowFailure) return failed('child_workflow_failed', error.cause?.message ?? error.message);
    throw error;
  }
}

async function dispatch(step: StepDefinition, ctx: StepContext): Promise<StepResult> {
  const ref = { executionId: ctx.run.executionId, environment: ctx.run.environment, seq: ctx.seq, stepId: ctx.stepId };
  switch (step.type) {
    case 'screening': {
      const { screeningId } = await records.startScreeningStep({
        ...ref, screeningType: step.screening_type, query: values(step.query, ctx, 'query'),
        accountId: step.account_id === undefined ? null : value(step.account_id, ctx, 'account_id'),
        businessId: step.business_id === undefined ? null : value(step.business_id, ctx, 'business_id'),
      });
      await child(SCREENING_WORKFLOW_TYPE, screeningWorkflowId(screeningId), ctx.run.taskQueues.screening, SCREENING_RESOURCE_TYPE, screeningId, ctx, [{ screeningId, environment: ctx.run.environment }]);
      const output = await records.readScreeningStepOutput({ environment: ctx.run.environment, screeningId });
      return output.status === 'failed' ? failed('screening_failed', 'the screening failed; its errors say why', output) : { status: 'completed', output, error: null, route: 'next' };
    }
    case 'business_lookup': {
      const started = await records.startBusinessLookupStep({
        ...ref,
        country: value(step.country, ctx, 'country'),
        sessionId: value(step.session_id, ctx, 'session_id'),
        fields: values({ official_name: step.official_name, registration_number: step.registration_number, address: step.address }, ctx, 'business_lookup'),
      });
      await child(BUSINESS_LOOKUP_WORKFLOW_TYPE, businessLookupWorkflowId(started.businessId), ctx.run.taskQueues.businesses, BUSINESS_RESOURCE_TYPE, started.businessId, ctx, [
        { businessId: started.businessId, environment: ctx.run.environment, country: started.country, input: started.input },
      ]);
      const output = await records.readBusinessLookupStepOutput({ environment: ctx.run.environment, businessId: started.businessId });
      return output.async_status === 'failed' ? failed('business_lookup_failed', 'the registry lookup failed; error_codes say why', output) : { status: 'completed', output, error: null, route: 'next' };
    }
    case 'website_check': {
      const { websiteCheckId } = await records.startWebsiteCheckStep({
        ...ref, url: value(step.url, ctx, 'url'),
        businessName: step.business_name === undefined ? null : value(step.business_name, ctx, 'business_name'),
        businessId: step.business_id === undefined ? null : value(step.business_id, ctx, 'business_id'),
      });
      await child(WEBSITE_CHECK_WORKFLOW_TYPE, websiteCheckWorkflowId(websiteCheckId), ctx.run.taskQueues.websiteChecks, WEBSITE_CHECK_RESOURCE_TYPE, websiteCheckId, ctx, [
        { websiteCheckId, environment: ctx.run.environment },
      ]);
      const output = await records.readWebsiteCheckStepOutput({ environment: ctx.run.environment, websiteCheckId });
      return output.status === 'failed' ? failed('website_check_failed', 'the website check could not be done', output) : { status: 'completed', output, error: null, route: 'next' };
    }
    case 'wait_for_document':
      return waitForDocument(step, ctx, ref);
    case 'condition': {
      const result = truthy(value(step.if, ctx, 'if'));
      return { status: 'completed', output: { result }, error: null, route: result ? 'then' : 'else' };
    }
    case 'wait': {
      const ms = parseDuration(step.duration)!;
      await sleep(ms);
      return { status: 'completed', output: { waited_seconds: Math.round(ms / 1000) }, error: null, route: 'next' };
    }
    case 'review':
      return review(step, ctx);
    case 'emit_event': {
      const data = step.data ? values(step.data, ctx, 'data') : null;
      const { eventId } = await records.emitWorkflowStepEvent({ ...ref, name: step.name, data });
      return { status: 'completed', output: { event_id: eventId, name: step.name }, error: null, route: 'next' };
    }
    case 'outcome':
      return { status: 'completed', output: { outcome: step.outcome, reason: step.reason ?? null }, error: null, route: 'end' };
  }
}

/**
 * A feature's own workflow as a child, so the Temporal UI shows the whole tree. Abandoned (never
 * cancelled) when the execution is cancelled: the screening, lookup or check is a record of its
 * own and finishes consistently either way.
 */
async function child(type: string, workflowId: string, taskQueue: string, resourceType: string, resourceId: string, ctx: StepContext, args: unknown[]): Promise<void> {
  await executeChild(type, {
    args,
    workflowId,
    taskQueue,
    parentClosePolicy: ParentClosePolicy.ABANDON,
    cancellationType: ChildWorkflowCancellationType.ABANDON,
    typedSearchAttributes: resourceSearchAttributes(resourceType, resourceId, ctx.run.environment),
  });
}

async function review(step: Extract<StepDefinition, { type: 'review' }>, ctx: StepContext): Promise<StepResult> {
  const timeoutMs = step.timeout === undefined ? undefined : parseDuration(step.timeout)!;
  if (timeoutMs === undefined) await condition(() => ctx.reviews.has(ctx.seq));
  else await condition(() => ctx.reviews.has(ctx.seq), timeoutMs);
  let decision = ctx.reviews.get(ctx.seq);
  // A decision stored while its signal was lost still counts.
  decision ??= (await records.readStoredReview({ executionId: ctx.run.executionId, environment: ctx.run.environment, seq: ctx.seq })) ?? undefined;
  if (!decision) return { status: 'timed_out', output: { decision: null }, error: { code: 'review_timed_out', detail: `no decision within ${step.timeout}` }, route: 'on_timeout' };
  const output = { decision: decision.decision, comment: decision.comment, reviewer: decision.reviewer, decided_at: decision.decided_at };
  return { status: 'completed', output, error: null, route: decision.decision === 'approve' ? 'on_approve' : 'on_decline' };
}

async function waitForDocument(step: Extract<StepDefinition, { type: 'wait_for_document' }>, ctx: StepContext, ref: { executionId: string; environment: ExecutionWorkflowInput['environment']; seq: number; stepId: string }): Promise<StepResult> {
  const documentId = value(step.document_id, ctx, 'document_id');
  const deadline = Date.now() + parseDuration(step.timeout)!;
  let state = await records.watchDocument({ ...ref, documentType: step.document_type, documentId });
  // The consumer of the event log signals a settled document at once; polling on a widening
  // durable timer is the fallback when the relay is behind or a signal was lost.
  for (const delay of documentPollDelays()) {
    if (state.settled) break;
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    await condition(() => ctx.settledDocuments.has(ctx.seq), Math.min(delay, remaining));
    state = await records.readDocumentStepOutput({ environment: ctx.run.environment, documentType: step.document_type, documentId: String(documentId) });
  }
  await records.unwatchDocument({ executionId: ctx.run.executionId, seq: ctx.seq });
  if (!state.settled) {
    return { status: 'timed_out', output: state.output, error: { code: 'document_timed_out', detail: `the document was not processed within ${step.timeout}` }, route: 'on_timeout' };
  }
  return { status: 'completed', output: state.output, error: null, route: 'next' };
}
