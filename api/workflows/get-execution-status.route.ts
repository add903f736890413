/** GET /v1/workflows/status/{executionId}: the execution with its input and every step run (status, times, output, error). */
import { findExecution, stepRunsOf } from '../../infra/db/repositories/workflow-executions.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import { notFound } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { executionDocument, executionIdParams } from './workflow.schemas.js';
import { toExecutionResource } from './workflow.serializer.js';

export function getExecutionStatusRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'get',
    path: '/v1/workflows/status/{executionId}',
    scope: 'workflows:executions:read',
    summary: 'Get a workflow execution',
    description: 'status (running, completed, failed, cancelled, timed_out), outcome, current_step, error, input, and steps [{id, seq, type, status, started_at, completed_at, output, error}] in run order.',
    tag: 'Workflows',
    auditReads: true,
    schemas: { params: executionIdParams, responses: { 200: { description: 'The execution', schema: executionDocument } } },
    async handler({ params, ctx }) {
      const row = await findExecution(deps.db, ctx.environment, params.executionId);
      if (!row) throw notFound('Workflow execution', params.executionId);
      return { status: 200, body: { data: toExecutionResource(row, await stepRunsOf(deps.db, row.id)) } };
    },
  });
}
