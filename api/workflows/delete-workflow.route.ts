/**
 * DELETE /v1/workflows/{id}: removes the workflow from reads and lists (204). Refused with 409
 * workflow_has_running_executions while one of its executions runs (archive it instead to stop new
 * ones). Its versions and executions stay readable through the execution endpoints.
 */
import { deleteWorkflow } from '../../activities/user-workflows/workflow.transitions.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { workflowIdParams } from './workflow.schemas.js';

export function deleteWorkflowRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'delete',
    path: '/v1/workflows/{id}',
    scope: 'workflows:write',
    summary: 'Delete a workflow',
    description: '409 workflow_has_running_executions while an execution runs. Executions stay readable.',
    tag: 'Workflows',
    schemas: { params: workflowIdParams, responses: { 204: { description: 'Deleted' } } },
    async handler({ params, ctx }) {
      await deleteWorkflow(deps.db, ctx.actor, ctx.environment, params.id, deps.clock());
      return { status: 204 };
    },
  });
}
