/**
 * The workflow routes. The execution routes come before /v1/workflows/{id} so that
 * /v1/workflows/executions is never read as a workflow id.
 */
import type { FeatureDeps } from '../feature-deps.js';
import type { RouteDefinition } from '../http/route.js';
import { cancelExecutionRoute } from './cancel-execution.route.js';
import { createWorkflowRoute } from './create-workflow.route.js';
import { deleteWorkflowRoute } from './delete-workflow.route.js';
import { deployWorkflowRoute } from './deploy-workflow.route.js';
import { executeWorkflowRoute } from './execute-workflow.route.js';
import { getExecutionStatusRoute } from './get-execution-status.route.js';
import { getWorkflowRoute } from './get-workflow.route.js';
import { listExecutionsRoutes } from './list-executions.route.js';
import { listWorkflowsRoute } from './list-workflows.route.js';
import { reviewExecutionRoute } from './review-execution.route.js';
import { updateWorkflowRoute } from './update-workflow.route.js';
import { workflowStateRoute } from './workflow-state.route.js';

export function workflowRoutes(deps: FeatureDeps): RouteDefinition[] {
  return [
    executeWorkflowRoute(deps),
    ...listExecutionsRoutes(deps),
    getExecutionStatusRoute(deps),
    reviewExecutionRoute(deps),
    cancelExecutionRoute(deps),
    createWorkflowRoute(deps),
    listWorkflowsRoute(deps),
    getWorkflowRoute(deps),
    updateWorkflowRoute(deps),
    deleteWorkflowRoute(deps),
    workflowStateRoute(deps),
    deployWorkflowRoute(deps),
  ];
}
