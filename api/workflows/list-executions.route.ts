/**
 * GET /v1/workflows/executions and GET /v1/workflows/{id}/executions: executions newest first, with
 * filter[status], filter[outcome], filter[since] (created at or after; ISO 8601) and, on the
 * first, filter[workflow_id]. Items carry no input or steps (GET /v1/workflows/status/{id} does).
 */
import { findWorkflow } from '../../infra/db/repositories/user-workflows.repository.js';
import { executionListQuery } from '../../infra/db/repositories/workflow-executions.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import { notFound } from '../http/errors.js';
import { pageLinks, pageMeta, paginate, toPageRequest } from '../http/pagination.js';
import { defineRoute } from '../http/route.js';
import { executionListDocument, listExecutionsQuery, listWorkflowExecutionsQuery, workflowIdParams } from './workflow.schemas.js';
import { toExecutionResource } from './workflow.serializer.js';

export function listExecutionsRoutes(deps: FeatureDeps) {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/workflows/executions',
      scope: 'workflows:executions:read',
      summary: 'List workflow executions',
      description: 'filter[workflow_id], filter[status] (running, completed, failed, cancelled, timed_out), filter[outcome] (approved, declined, needs_review), filter[since].',
      tag: 'Workflows',
      schemas: { query: listExecutionsQuery, responses: { 200: { description: 'A page of executions', schema: executionListDocument } } },
      async handler({ query, ctx, raw }) {
        const base = executionListQuery(deps.db, ctx.environment, { workflowId: query['filter[workflow_id]'], status: query['filter[status]'], outcome: query['filter[outcome]'], since: query['filter[since]'] });
        const page = await paginate(base, 'workflow_executions', toPageRequest(query));
        const meta = pageMeta(page);
        return { status: 200, body: { data: page.rows.map((r) => toExecutionResource(r)), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/workflows/{id}/executions',
      scope: 'workflows:executions:read',
      summary: 'List a workflow\'s executions',
      description: 'filter[status], filter[outcome], filter[since]. 404 for an unknown (or deleted) workflow.',
      tag: 'Workflows',
      schemas: { params: workflowIdParams, query: listWorkflowExecutionsQuery, responses: { 200: { description: 'A page of executions', schema: executionListDocument } } },
      async handler({ params, query, ctx, raw }) {
        if (!(await findWorkflow(deps.db, ctx.environment, params.id))) throw notFound('Workflow', params.id);
        const base = executionListQuery(deps.db, ctx.environment, { workflowId: params.id, status: query['filter[status]'], outcome: query['filter[outcome]'], since: query['filter[since]'] });
        const page = await paginate(base, 'workflow_executions', toPageRequest(query));
        const meta = pageMeta(page);
        return { status: 200, body: { data: page.rows.map((r) => toExecutionResource(r)), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
      },
    }),
  ];
}
