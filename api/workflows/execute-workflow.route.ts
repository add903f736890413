/**
 * POST /v1/workflows/execute (workflows:execute, the workflow execution rate tier, Idempotency-Key):
 * runs a deployed version of an active workflow — the latest unless `version` names one — with an
 * input checked against that version's input_schema. The execution is stored as running with its
 * event, and its interpreter workflow (`workflow-execution-<id>`) starts with the version's
 * definition pinned in its input. 201 with the execution; poll GET /v1/workflows/status/{id} or
 * subscribe to workflow_execution webhooks.
 */
import { checkInput } from '../../activities/user-workflows/definition/input-schema.model.js';
import { createExecution, recordStepProgress } from '../../activities/user-workflows/execution.transitions.js';
import { findWorkflow, findWorkflowVersion } from '../../infra/db/repositories/user-workflows.repository.js';
import { startWorkflowOnce } from '../../infra/temporal/temporal-client.js';
import type { WorkflowDefinition } from '../../workflows/workflow-execution/definition.contract.js';
import {
  WORKFLOW_EXECUTION_RESOURCE_TYPE,
  WORKFLOW_EXECUTION_WORKFLOW_TYPE,
  workflowExecutionWorkflowId,
  type ExecutionWorkflowInput,
} from '../../workflows/workflow-execution/workflow-execution.contract.js';
import { WORKFLOW_DEFINITION_ID, WORKFLOW_DEFINITION_VERSION, resourceSearchAttributes } from '../../workflows/shared/search-attributes.js';
import type { FeatureDeps } from '../feature-deps.js';
import { conflict, ResourceError, unprocessable } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { invalidWorkflow } from './definition-errors.js';
import { executeWorkflowBody, executionDocument } from './workflow.schemas.js';
import { executionPath, toExecutionResource } from './workflow.serializer.js';

export function executeWorkflowRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/workflows/execute',
    scope: 'workflows:execute',
    rateTier: 'workflow_execution',
    summary: 'Execute a workflow',
    description:
      'Runs the latest deployed version of an active workflow (or `version`). 422 workflow_not_found / version_not_found / validation_error (input against input_schema, ' +
      'pointers into /data/attributes/input); 409 workflow_not_active / workflow_not_deployed. Rate tier: 60/min, burst 100. Honours Idempotency-Key.',
    tag: 'Workflows',
    schemas: { body: executeWorkflowBody, responses: { 201: { description: 'The execution (running)', schema: executionDocument } } },
    async handler({ body, ctx }) {
      const a = body.data.attributes;
      const workflow = await findWorkflow(deps.db, ctx.environment, a.workflow_id);
      if (!workflow) throw unprocessable('workflow_not_found', `Workflow ${a.workflow_id} does not exist`, { pointer: '/data/attributes/workflow_id' });
      if (workflow.state !== 'active') throw conflict('workflow_not_active', `Workflow ${workflow.id} is ${workflow.state}; only active workflows execute`);
      const number = a.version ?? workflow.latest_version;
      if (number === null) throw conflict('workflow_not_deployed', `Workflow ${workflow.id} has no deployed version`);
      const version = await findWorkflowVersion(deps.db, ctx.environment, workflow.id, number);
      if (!version) throw unprocessable('version_not_found', `Workflow ${workflow.id} has no version ${number}`, { pointer: '/data/attributes/version' });
      const problems = checkInput(version.input_schema, a.input);
      if (problems.length > 0) throw invalidWorkflow(problems, 'validation_error');

      const execution = await createExecution(deps.db, ctx.actor, { environment: ctx.environment, workflowId: workflow.id, versionId: version.id, version: version.version, input: a.input, at: deps.clock() });
      const input: ExecutionWorkflowInput = {
        executionId: execution.id, environment: ctx.environment, workflowId: workflow.id, version: version.version,
        definition: version.definition as unknown as WorkflowDefinition, input: a.input,
        taskQueues: { screening: deps.taskQueues.screening, businesses: deps.taskQueues.businesses, websiteChecks: deps.taskQueues.websiteChecks },
      };
      try {
        await startWorkflowOnce(deps.temporal, {
          workflowType: WORKFLOW_EXECUTION_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueues.workflows, workflowId: workflowExecutionWorkflowId(execution.id),
          searchAttributes: [
            ...resourceSearchAttributes(WORKFLOW_EXECUTION_RESOURCE_TYPE, execution.id, ctx.environment),
            { key: WORKFLOW_DEFINITION_ID, value: workflow.id },
            { key: WORKFLOW_DEFINITION_VERSION, value: String(version.version) },
          ],
        });
      } catch (error) {
        ctx.log.error({ err: error, executionId: execution.id }, 'could not start the workflow execution');
        await recordStepProgress(deps.db, ctx.actor, {
          environment: ctx.environment, executionId: execution.id, at: deps.clock(),
          ended: { status: 'failed', outcome: null, error: { code: 'execution_not_started', detail: 'the execution could not be started', step_id: null } },
        });
        throw ResourceError.single(503, 'execution_not_started', 'Service Unavailable', 'The execution could not be started; retry the request');
      }
      return { status: 201, body: { data: toExecutionResource(execution, []) }, headers: { Location: executionPath(execution.id) } };
    },
  });
}
