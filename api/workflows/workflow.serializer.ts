/** Rows to the resources the workflow routes answer with. */
import { keyHasScope } from '../auth/scopes.js';
import type { WorkflowExecutionRow, WorkflowExecutionStepRow, WorkflowRow, WorkflowVersionRow } from '../../infra/db/tables/user-workflows.table.js';

export const workflowPath = (id: string) => `/v1/workflows/${id}`;
export const executionPath = (id: string) => `/v1/workflows/status/${id}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function stepCount(definition: Record<string, unknown>): number {
  const steps = definition.steps;
  return steps && typeof steps === 'object' ? Object.keys(steps).length : 0;
}

/** The definition only for keys that may read it (workflows:editor:read, implied by workflows:write). */
export function toWorkflowResource(row: WorkflowRow, scopes: readonly string[]) {
  return {
    type: 'workflow' as const,
    id: row.id,
    attributes: {
      name: row.name,
      description: row.description,
      state: row.state,
      input_schema: row.input_schema,
      ...(keyHasScope(scopes, 'workflows:editor:read') ? { definition: row.definition } : {}),
      step_count: stepCount(row.definition),
      latest_version: row.latest_version,
      deployed_at: iso(row.deployed_at),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    },
    links: { self: workflowPath(row.id) },
  };
}

export function toWorkflowVersionResource(row: WorkflowVersionRow) {
  return {
    type: 'workflow_version' as const,
    id: row.id,
    attributes: { workflow_id: row.workflow_id, version: row.version, name: row.name, input_schema: row.input_schema, definition: row.definition, deployed_at: row.created_at.toISOString() },
  };
}

function toStepRun(row: WorkflowExecutionStepRow) {
  return {
    id: row.step_id,
    seq: row.seq,
    type: row.step_type,
    status: row.status,
    started_at: row.started_at.toISOString(),
    completed_at: iso(row.completed_at),
    output: row.output ?? null,
    error: row.error ?? null,
  };
}

/** With `steps`, the single-execution view (input and step runs); without, the list view. */
export function toExecutionResource(row: WorkflowExecutionRow, steps?: readonly WorkflowExecutionStepRow[]) {
  return {
    type: 'workflow_execution' as const,
    id: row.id,
    attributes: {
      workflow_id: row.workflow_id,
      version: row.version,
      status: row.status,
      outcome: row.outcome,
      current_step: row.current_step,
      error: row.error ?? null,
      ...(steps ? { input: row.input, steps: steps.map(toStepRun) } : {}),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      completed_at: iso(row.completed_at),
    },
    relationships: { workflow: { data: { type: 'workflow' as const, id: row.workflow_id } } },
    links: { self: executionPath(row.id) },
  };
}
