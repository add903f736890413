/**
 * The zod schemas of the workflow routes: bodies (create, patch, state, execute, review), list
 * queries, and the resources as they leave the server — workflow (the definition only for keys
 * with workflows:editor:read), workflow_version, workflow_execution with its step runs. The
 * definition itself is checked by activities/user-workflows/definition (pointers into the body).
 */
import { z } from 'zod';
import { hasVisibleCharacter } from '../../activities/text/visible-text.model.js';
import { WORKFLOW_STATES } from '../../activities/user-workflows/workflow-state.model.js';
import { pageParameters } from '../http/pagination.js';
import { linksShape, pageMetaShape } from '../webhooks/webhook.schemas.js';

const jsonObject = z.record(z.string(), z.unknown());
const name = z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters').refine(hasVisibleCharacter, 'must not be blank (it must show a visible character)');
const description = z.string().max(2000, 'must be at most 2000 characters').nullable();

export const EXECUTION_STATUSES = ['running', 'completed', 'failed', 'cancelled', 'timed_out'] as const;
export const EXECUTION_OUTCOMES = ['approved', 'declined', 'needs_review'] as const;

export const createWorkflowBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('workflow'),
    attributes: z.strictObject({
      name,
      description: description.optional(),
      /** JSON Schema of the execution input; default: any object. */
      input_schema: jsonObject.default({ type: 'object' }),
      definition: jsonObject,
    }),
  }),
});

export const updateWorkflowBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('workflow').optional(),
    id: z.uuid({ message: 'must be the id of the path (uuid)' }).optional().meta({ description: 'The path id (any case); another id: 409 id_mismatch.' }),
    attributes: z.strictObject({ name: name.optional(), description: description.optional(), input_schema: jsonObject.optional(), definition: jsonObject.optional() }),
  }),
});

export const workflowStateBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('workflow').optional(),
    attributes: z.strictObject({ state: z.enum(WORKFLOW_STATES, { message: `must be one of ${WORKFLOW_STATES.join(', ')}` }) }),
  }),
});

export const executeWorkflowBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('workflow_execution'),
    attributes: z.strictObject({
      workflow_id: z.uuid({ message: 'must be a workflow id (uuid)' }),
      /** A deployed version; default the latest. */
      version: z.number().int().min(1).optional(),
      input: jsonObject.default({}),
    }),
  }),
});

export const reviewBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('workflow_review').optional(),
    attributes: z.strictObject({
      decision: z.enum(['approve', 'decline'], { message: 'must be approve or decline' }),
      comment: z.string().max(2000, 'must be at most 2000 characters').nullable().optional(),
    }),
  }),
});

export const workflowIdParams = z.strictObject({ id: z.uuid() });
export const executionIdParams = z.strictObject({ executionId: z.uuid() });

export const listWorkflowsQuery = z.strictObject({
  ...pageParameters(),
  'filter[state]': z.enum(WORKFLOW_STATES, { message: `must be one of ${WORKFLOW_STATES.join(', ')}` }).optional(),
});

const executionFilters = {
  ...pageParameters(),
  'filter[status]': z.enum(EXECUTION_STATUSES, { message: `must be one of ${EXECUTION_STATUSES.join(', ')}` }).optional(),
  'filter[outcome]': z.enum(EXECUTION_OUTCOMES, { message: `must be one of ${EXECUTION_OUTCOMES.join(', ')}` }).optional(),
  'filter[since]': z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp' }).transform((v) => new Date(v)).optional(),
};
export const listExecutionsQuery = z.strictObject({ ...executionFilters, 'filter[workflow_id]': z.uuid({ message: 'must be a workflow id (uuid)' }).optional() });
export const listWorkflowExecutionsQuery = z.strictObject(executionFilters);

// ---- response shapes ----

const timestamp = z.string().describe('ISO 8601 UTC with milliseconds');

export const workflowResource = z.strictObject({
  type: z.literal('workflow'),
  id: z.uuid(),
  attributes: z.strictObject({
    name: z.string(),
    description: z.string().nullable(),
    state: z.enum(WORKFLOW_STATES),
    input_schema: jsonObject.describe('JSON Schema of the execution input'),
    definition: jsonObject.optional().describe('the draft definition {start, steps}; only for keys with workflows:editor:read (implied by workflows:write)'),
    step_count: z.number().int(),
    latest_version: z.number().int().nullable().describe('the newest deployed version; null before the first deploy'),
    deployed_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  links: z.strictObject({ self: z.string() }),
});
export const workflowDocument = z.strictObject({ data: workflowResource });
export const workflowListDocument = z.strictObject({ data: z.array(workflowResource), meta: z.strictObject({ page: pageMetaShape }), links: linksShape });

export const workflowVersionDocument = z.strictObject({
  data: z.strictObject({
    type: z.literal('workflow_version'),
    id: z.uuid(),
    attributes: z.strictObject({ workflow_id: z.uuid(), version: z.number().int(), name: z.string(), input_schema: jsonObject, definition: jsonObject, deployed_at: timestamp }),
  }),
});

const errorShape = z.strictObject({ code: z.string(), detail: z.string() });

export const stepRunShape = z.strictObject({
  id: z.string().describe('the step id in the definition'),
  seq: z.number().int().describe('the run order (a step inside a loop runs more than once)'),
  type: z.string(),
  status: z.enum(['running', 'waiting', 'completed', 'failed', 'timed_out', 'cancelled']),
  started_at: timestamp,
  completed_at: timestamp.nullable(),
  output: z.unknown().describe('what the step type outputs (README, Workflows); null while running'),
  error: errorShape.nullable(),
});

export const executionResource = z.strictObject({
  type: z.literal('workflow_execution'),
  id: z.uuid(),
  attributes: z.strictObject({
    workflow_id: z.uuid(),
    version: z.number().int(),
    status: z.enum(EXECUTION_STATUSES),
    outcome: z.enum(EXECUTION_OUTCOMES).nullable(),
    current_step: z.string().nullable(),
    error: z.strictObject({ code: z.string(), detail: z.string(), step_id: z.string().nullable() }).nullable(),
    input: jsonObject.optional().describe('the execution input (single execution only)'),
    steps: z.array(stepRunShape).optional().describe('every step run in order (single execution only)'),
    created_at: timestamp,
    updated_at: timestamp,
    completed_at: timestamp.nullable(),
  }),
  relationships: z.strictObject({ workflow: z.strictObject({ data: z.strictObject({ type: z.literal('workflow'), id: z.uuid() }) }) }),
  links: z.strictObject({ self: z.string() }),
});
export const executionDocument = z.strictObject({ data: executionResource });
export const executionListDocument = z.strictObject({ data: z.array(executionResource), meta: z.strictObject({ page: pageMetaShape }), links: linksShape });
