/** GET /v1/workflows/{id}: metadata with workflows:read; the full definition too with workflows:editor:read. */
import { findWorkflow } from '../../infra/db/repositories/user-workflows.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import { notFound } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { workflowDocument, workflowIdParams } from './workflow.schemas.js';
import { toWorkflowResource } from './workflow.serializer.js';

export function getWorkflowRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'get',
    path: '/v1/workflows/{id}',
    scope: 'workflows:read',
    summary: 'Get a workflow',
    description: 'attributes.definition is present only for keys with workflows:editor:read (implied by workflows:write).',
    tag: 'Workflows',
    schemas: { params: workflowIdParams, responses: { 200: { description: 'The workflow', schema: workflowDocument } } },
    async handler({ params, ctx }) {
      const row = await findWorkflow(deps.db, ctx.environment, params.id);
      if (!row) throw notFound('Workflow', params.id);
      return { status: 200, body: { data: toWorkflowResource(row, ctx.scopes) } };
    },
  });
}
