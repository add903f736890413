/** GET /v1/workflows: the environment's workflows, newest first (metadata; the definition with workflows:editor:read). */
import { workflowListQuery } from '../../infra/db/repositories/user-workflows.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import { pageLinks, pageMeta, paginate, toPageRequest } from '../http/pagination.js';
import { defineRoute } from '../http/route.js';
import { listWorkflowsQuery, workflowListDocument } from './workflow.schemas.js';
import { toWorkflowResource } from './workflow.serializer.js';

export function listWorkflowsRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'get',
    path: '/v1/workflows',
    scope: 'workflows:read',
    summary: 'List workflows',
    description: 'filter[state] (draft, active, paused, archived). The definition is included only for keys with workflows:editor:read.',
    tag: 'Workflows',
    schemas: { query: listWorkflowsQuery, responses: { 200: { description: 'A page of workflows', schema: workflowListDocument } } },
    async handler({ query, ctx, raw }) {
      const page = await paginate(workflowListQuery(deps.db, ctx.environment, { state: query['filter[state]'] }), 'workflows', toPageRequest(query));
      const meta = pageMeta(page);
      return { status: 200, body: { data: page.rows.map((r) => toWorkflowResource(r, ctx.scopes)), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
    },
  });
}
