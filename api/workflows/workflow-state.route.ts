/**
 * PUT /v1/workflows/{id}/state: the state machine — draft → active (needs a deployed version),
 * active ⇄ paused, any but archived → archived (final). Setting the current state again changes
 * nothing (200). Other moves: 409 invalid_state_transition / workflow_not_deployed.
 */
import { changeWorkflowState } from '../../activities/user-workflows/workflow.transitions.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { workflowDocument, workflowIdParams, workflowStateBody } from './workflow.schemas.js';
import { toWorkflowResource } from './workflow.serializer.js';

export function workflowStateRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'put',
    path: '/v1/workflows/{id}/state',
    scope: 'workflows:write',
    summary: 'Change a workflow\'s state',
    description: 'draft → active (needs a deployed version) ⇄ paused; draft, active or paused → archived (final). Only active workflows execute; pausing or archiving lets running executions finish.',
    tag: 'Workflows',
    schemas: { params: workflowIdParams, body: workflowStateBody, responses: { 200: { description: 'The workflow', schema: workflowDocument } } },
    async handler({ params, body, ctx }) {
      const row = await changeWorkflowState(deps.db, ctx.actor, ctx.environment, params.id, body.data.attributes.state, deps.clock());
      return { status: 200, body: { data: toWorkflowResource(row, ctx.scopes) } };
    },
  });
}
