/**
 * POST /v1/workflows/executions/{executionId}/cancel (workflows:execute): asks the execution's
 * workflow to stop. It records status cancelled (with its event) as it stops; records its steps
 * created (a screening, a lookup) finish on their own. 202 with the execution as it stands; 409
 * execution_not_running when it has already ended.
 */
import { findExecution, stepRunsOf } from '../../infra/db/repositories/workflow-executions.repository.js';
import { workflowExecutionWorkflowId } from '../../workflows/workflow-execution/workflow-execution.contract.js';
import type { FeatureDeps } from '../feature-deps.js';
import { conflict, notFound, ResourceError } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { executionDocument, executionIdParams } from './workflow.schemas.js';
import { toExecutionResource } from './workflow.serializer.js';

export function cancelExecutionRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/workflows/executions/{executionId}/cancel',
    scope: 'workflows:execute',
    summary: 'Cancel a workflow execution',
    description: '202: the execution is being cancelled (status becomes cancelled). 409 execution_not_running.',
    tag: 'Workflows',
    schemas: { params: executionIdParams, responses: { 202: { description: 'The execution as it stands', schema: executionDocument } } },
    async handler({ params, ctx }) {
      const row = await findExecution(deps.db, ctx.environment, params.executionId);
      if (!row) throw notFound('Workflow execution', params.executionId);
      if (row.status !== 'running') throw conflict('execution_not_running', `Workflow execution ${row.id} is ${row.status}`);
      try {
        await deps.temporal.workflow.getHandle(workflowExecutionWorkflowId(row.id)).cancel();
      } catch (error) {
        ctx.log.error({ err: error, executionId: row.id }, 'could not cancel a workflow execution');
        throw ResourceError.single(503, 'cancel_not_delivered', 'Service Unavailable', 'The cancellation could not be delivered; retry the request');
      }
      return { status: 202, body: { data: toExecutionResource(row, await stepRunsOf(deps.db, row.id)) } };
    },
  });
}
