/**
 * PATCH /v1/workflows/{id}: changes the draft (name, description, input_schema, definition), with
 * the same checks as create. Deployed versions never change; an archived workflow is frozen (409).
 */
import { checkInputSchema } from '../../activities/user-workflows/definition/input-schema.model.js';
import { validateDefinition } from '../../activities/user-workflows/definition/definition-validation.model.js';
import { updateWorkflowDraft } from '../../activities/user-workflows/workflow.transitions.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { invalidWorkflow } from './definition-errors.js';
import { updateWorkflowBody, workflowDocument, workflowIdParams } from './workflow.schemas.js';
import { toWorkflowResource } from './workflow.serializer.js';

export function updateWorkflowRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'patch',
    path: '/v1/workflows/{id}',
    scope: 'workflows:write',
    summary: 'Update a workflow draft',
    description: 'Changes the attributes given. The new draft runs only once deployed; running executions keep their version.',
    tag: 'Workflows',
    schemas: { params: workflowIdParams, body: updateWorkflowBody, responses: { 200: { description: 'The workflow', schema: workflowDocument } } },
    async handler({ params, body, ctx }) {
      const a = body.data.attributes;
      const issues = a.input_schema === undefined ? [] : [...checkInputSchema(a.input_schema)];
      if (a.definition !== undefined) {
        const verdict = validateDefinition(a.definition);
        if (!verdict.ok) issues.push(...verdict.issues);
      }
      if (issues.length > 0) throw invalidWorkflow(issues);
      const row = await updateWorkflowDraft(deps.db, ctx.actor, ctx.environment, params.id, {
        name: a.name?.trim(), description: a.description, inputSchema: a.input_schema, definition: a.definition,
      }, deps.clock());
      return { status: 200, body: { data: toWorkflowResource(row, ctx.scopes) } };
    },
  });
}
