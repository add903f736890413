/**
 * POST /v1/workflows/{id}/deploy: freezes the current draft as immutable version n (1, 2, …); new
 * executions run the latest version unless they name one. The draft is checked again (422 with
 * pointers into its definition, as if it were sent); archived workflows cannot deploy (409).
 */
import { checkInputSchema } from '../../activities/user-workflows/definition/input-schema.model.js';
import { validateDefinition } from '../../activities/user-workflows/definition/definition-validation.model.js';
import { deployWorkflow } from '../../activities/user-workflows/workflow.transitions.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { invalidWorkflow } from './definition-errors.js';
import { workflowIdParams, workflowVersionDocument } from './workflow.schemas.js';
import { toWorkflowVersionResource, workflowPath } from './workflow.serializer.js';

export function deployWorkflowRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/workflows/{id}/deploy',
    scope: 'workflows:write',
    summary: 'Deploy a workflow',
    description: 'Freezes the current definition and input_schema as the next version (201, the version). Running executions keep the version they started with.',
    tag: 'Workflows',
    schemas: { params: workflowIdParams, responses: { 201: { description: 'The new version', schema: workflowVersionDocument } } },
    async handler({ params, ctx }) {
      const { version } = await deployWorkflow(deps.db, ctx.actor, ctx.environment, params.id, deps.clock(), (row) => {
        const issues = [...checkInputSchema(row.input_schema)];
        const verdict = validateDefinition(row.definition);
        if (!verdict.ok) issues.push(...verdict.issues);
        if (issues.length > 0) throw invalidWorkflow(issues);
      });
      return { status: 201, body: { data: toWorkflowVersionResource(version) }, headers: { Location: workflowPath(params.id) } };
    },
  });
}
