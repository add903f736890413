/**
 * Every state change of a workflow definition, each in one transaction with its event: create
 * (draft), update of the draft, deploy (freezes the draft as version n+1), the state machine
 * (workflow-state.model.ts), and delete (refused while an execution runs). Callers validate
 * definitions and schemas first; these check what needs the locked row.
 */
import { hasRunningExecutions, findWorkflow, insertWorkflow, insertWorkflowVersion, updateWorkflow, type NewWorkflow, type WorkflowChanges } from '../../infra/db/repositories/user-workflows.repository.js';
import { inTransaction, type Executor, type Trx } from '../../infra/db/executor.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { WorkflowRow, WorkflowState, WorkflowVersionRow } from '../../infra/db/tables/user-workflows.table.js';
import { conflictError, notFoundError } from '../domain-error.model.js';
import type { Actor } from '../events/actor.model.js';
import { recordEvent } from '../events/record-event.js';
import { checkStateChange, stateEvent } from './workflow-state.model.js';

type WorkflowEvent = 'created' | 'updated' | 'deployed' | 'activated' | 'paused' | 'archived' | 'deleted';

function stepCount(row: WorkflowRow): number {
  const steps = (row.definition as { steps?: Record<string, unknown> }).steps;
  return steps && typeof steps === 'object' ? Object.keys(steps).length : 0;
}

async function recordWorkflowEvent(trx: Trx, actor: Actor, row: WorkflowRow, event: WorkflowEvent, changed: string[] = []): Promise<void> {
  await recordEvent(trx, actor, {
    type: `workflow.${event}`,
    environment: row.environment,
    resourceId: row.id,
    payload: { state: row.state, latest_version: row.latest_version, step_count: stepCount(row), changed },
  });
}

async function lockWorkflow(trx: Trx, environment: Environment, id: string): Promise<WorkflowRow> {
  const row = await findWorkflow(trx, environment, id, { forUpdate: true });
  if (!row) throw notFoundError('Workflow', id);
  return row;
}

export async function createWorkflow(db: Executor, actor: Actor, workflow: NewWorkflow): Promise<WorkflowRow> {
  return inTransaction(db, async (trx) => {
    const row = await insertWorkflow(trx, workflow);
    await recordWorkflowEvent(trx, actor, row, 'created');
    return row;
  });
}

export interface DraftChanges {
  name?: string | undefined;
  description?: string | null | undefined;
  inputSchema?: Record<string, unknown> | undefined;
  definition?: Record<string, unknown> | undefined;
}

/** Changes the draft (deployed versions never change); an archived workflow is frozen (409). */
export async function updateWorkflowDraft(db: Executor, actor: Actor, environment: Environment, id: string, changes: DraftChanges, at: Date): Promise<WorkflowRow> {
  return inTransaction(db, async (trx) => {
    const row = await lockWorkflow(trx, environment, id);
    if (row.state === 'archived') throw conflictError('workflow_archived', `Workflow ${id} is archived and cannot be changed`);
    const set: WorkflowChanges = { updated_at: at };
    const changed: string[] = [];
    if (changes.name !== undefined && changes.name !== row.name) (set.name = changes.name), changed.push('name');
    if (changes.description !== undefined && changes.description !== row.description) (set.description = changes.description), changed.push('description');
    if (changes.inputSchema !== undefined && JSON.stringify(changes.inputSchema) !== JSON.stringify(row.input_schema)) (set.input_schema = JSON.stringify(changes.inputSchema)), changed.push('input_schema');
    if (changes.definition !== undefined && JSON.stringify(changes.definition) !== JSON.stringify(row.definition)) (set.definition = JSON.stringify(changes.definition)), changed.push('definition');
    if (changed.length === 0) return row;
    const updated = await updateWorkflow(trx, id, set);
    await recordWorkflowEvent(trx, actor, updated, 'updated', changed);
    return updated;
  });
}

/**
 * Freezes the current draft as the next version. `check` validates the locked draft (rules may
 * have grown since it was stored) and throws the 422 when it no longer passes.
 */
export async function deployWorkflow(
  db: Executor, actor: Actor, environment: Environment, id: string, at: Date, check: (row: WorkflowRow) => void,
): Promise<{ workflow: WorkflowRow; version: WorkflowVersionRow }> {
  return inTransaction(db, async (trx) => {
    const row = await lockWorkflow(trx, environment, id);
    if (row.state === 'archived') throw conflictError('workflow_archived', `Workflow ${id} is archived and cannot be deployed`);
    check(row);
    const number = (row.latest_version ?? 0) + 1;
    const version = await insertWorkflowVersion(trx, { environment, workflowId: id, version: number, name: row.name, inputSchema: row.input_schema, definition: row.definition, at });
    const workflow = await updateWorkflow(trx, id, { latest_version: number, deployed_at: at, updated_at: at });
    await recordWorkflowEvent(trx, actor, workflow, 'deployed');
    return { workflow, version };
  });
}

export async function changeWorkflowState(db: Executor, actor: Actor, environment: Environment, id: string, to: WorkflowState, at: Date): Promise<WorkflowRow> {
  return inTransaction(db, async (trx) => {
    const row = await lockWorkflow(trx, environment, id);
    const verdict = checkStateChange(row.state, to, row.latest_version !== null);
    if (!verdict.ok) throw conflictError(verdict.code, verdict.detail, '/data/attributes/state');
    if (!verdict.change) return row;
    const updated = await updateWorkflow(trx, id, { state: to, updated_at: at });
    await recordWorkflowEvent(trx, actor, updated, stateEvent(to));
    return updated;
  });
}

/** Deletes the workflow (it disappears from reads); refused while one of its executions runs. */
export async function deleteWorkflow(db: Executor, actor: Actor, environment: Environment, id: string, at: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await lockWorkflow(trx, environment, id);
    if (await hasRunningExecutions(trx, id)) {
      throw conflictError('workflow_has_running_executions', `Workflow ${id} has running executions; cancel them or wait for them to finish, or archive the workflow instead`);
    }
    const deleted = await updateWorkflow(trx, id, { deleted_at: at, updated_at: at });
    await recordWorkflowEvent(trx, actor, deleted, 'deleted');
  });
}
