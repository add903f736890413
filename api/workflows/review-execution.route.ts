/**
 * POST /v1/workflows/executions/{executionId}/review (workflows:execute): a person's decision for
 * the review step the execution waits at — approve (routes on_approve) or decline (on_decline),
 * with an optional comment. Stored with its event, then sent to the execution's workflow. 409
 * no_review_pending / review_already_decided / execution_not_running. Sending the same decision
 * again answers 200 and re-sends it (retry a 503).
 */
import { decideReview } from '../../activities/user-workflows/execution.transitions.js';
import { findExecution, stepRunsOf } from '../../infra/db/repositories/workflow-executions.repository.js';
import { reviewDecisionSignal, workflowExecutionWorkflowId } from '../../workflows/workflow-execution/workflow-execution.contract.js';
import type { FeatureDeps } from '../feature-deps.js';
import { ResourceError } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { executionDocument, executionIdParams, reviewBody } from './workflow.schemas.js';
import { toExecutionResource } from './workflow.serializer.js';

export function reviewExecutionRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/workflows/executions/{executionId}/review',
    scope: 'workflows:execute',
    summary: 'Decide a workflow review step',
    description: 'Body {data: {type: "workflow_review", attributes: {decision: approve|decline, comment?}}}. Answers the execution (the review step completes as the workflow picks the decision up).',
    tag: 'Workflows',
    schemas: { params: executionIdParams, body: reviewBody, responses: { 200: { description: 'The execution', schema: executionDocument } } },
    async handler({ params, body, ctx }) {
      const a = body.data.attributes;
      const decided = await decideReview(deps.db, ctx.actor, { environment: ctx.environment, executionId: params.executionId, decision: a.decision, comment: a.comment ?? null, at: deps.clock() });
      try {
        await deps.temporal.workflow.getHandle(workflowExecutionWorkflowId(params.executionId)).signal(reviewDecisionSignal, { seq: decided.seq, ...decided.review });
      } catch (error) {
        ctx.log.error({ err: error, executionId: params.executionId }, 'could not deliver a review decision');
        throw ResourceError.single(503, 'review_not_delivered', 'Service Unavailable', 'The decision is stored but could not be delivered to the execution; send the same request again');
      }
      const row = (await findExecution(deps.db, ctx.environment, params.executionId))!;
      return { status: 200, body: { data: toExecutionResource(row, await stepRunsOf(deps.db, row.id)) } };
    },
  });
}
