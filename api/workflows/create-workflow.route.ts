/**
 * POST /v1/workflows: a workflow in state draft. The input_schema must compile as JSON Schema and
 * the definition pass every check (shape, members, expressions, references, reachability, cycles
 * only through wait/review, an outcome reachable): else 422 with a pointer into the body.
 */
import { checkInputSchema } from '../../activities/user-workflows/definition/input-schema.model.js';
import { validateDefinition } from '../../activities/user-workflows/definition/definition-validation.model.js';
import { createWorkflow } from '../../activities/user-workflows/workflow.transitions.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { invalidWorkflow } from './definition-errors.js';
import { createWorkflowBody, workflowDocument } from './workflow.schemas.js';
import { toWorkflowResource, workflowPath } from './workflow.serializer.js';

export function createWorkflowRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/workflows',
    scope: 'workflows:write',
    summary: 'Create a workflow',
    description: 'A verification workflow in state draft: name, description, input_schema (JSON Schema of the execution input) and definition {start, steps}. Deploy it, then activate it, to execute it.',
    tag: 'Workflows',
    schemas: { body: createWorkflowBody, responses: { 201: { description: 'The workflow (draft)', schema: workflowDocument } } },
    async handler({ body, ctx }) {
      const a = body.data.attributes;
      const issues = [...checkInputSchema(a.input_schema)];
      const verdict = validateDefinition(a.definition);
      if (!verdict.ok) issues.push(...verdict.issues);
      if (issues.length > 0) throw invalidWorkflow(issues);
      const row = await createWorkflow(deps.db, ctx.actor, { environment: ctx.environment, name: a.name.trim(), description: a.description ?? null, inputSchema: a.input_schema, definition: a.definition, at: deps.clock() });
      return { status: 201, body: { data: toWorkflowResource(row, ctx.scopes) }, headers: { Location: workflowPath(row.id) } };
    },
  });
}
