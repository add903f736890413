/**
 * Data access for workflows (the editable definition and its state) and their immutable deployed
 * versions. Every query is scoped to one environment; deleted workflows are invisible.
 */
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type { WorkflowRow, WorkflowState, WorkflowVersionRow } from '../tables/user-workflows.table.js';

export interface NewWorkflow {
  environment: Environment;
  name: string;
  description: string | null;
  inputSchema: Record<string, unknown>;
  definition: Record<string, unknown>;
  at: Date;
}

export async function insertWorkflow(db: Executor, w: NewWorkflow): Promise<WorkflowRow> {
  return db
    .insertInto('workflows')
    .values({
      environment: w.environment, name: w.name, description: w.description, state: 'draft',
      input_schema: JSON.stringify(w.inputSchema), definition: JSON.stringify(w.definition), latest_version: null,
      created_at: w.at, updated_at: w.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findWorkflow(db: Executor, environment: Environment, id: string, options: { forUpdate?: boolean } = {}): Promise<WorkflowRow | undefined> {
  let q = db.selectFrom('workflows').selectAll().where('environment', '=', environment).where('id', '=', id).where('deleted_at', 'is', null);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export interface WorkflowChanges {
  name?: string;
  description?: string | null;
  state?: WorkflowState;
  input_schema?: string;
  definition?: string;
  latest_version?: number;
  deployed_at?: Date;
  deleted_at?: Date;
  updated_at: Date;
}

export async function updateWorkflow(db: Executor, id: string, changes: WorkflowChanges): Promise<WorkflowRow> {
  return db.updateTable('workflows').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function workflowListQuery(db: Executor, environment: Environment, filters: { state?: string | undefined }): SelectQueryBuilder<Database, 'workflows', WorkflowRow> {
  let q = db.selectFrom('workflows').selectAll().where('workflows.environment', '=', environment).where('workflows.deleted_at', 'is', null);
  if (filters.state) q = q.where('workflows.state', '=', filters.state as WorkflowState);
  return q;
}

export async function insertWorkflowVersion(db: Executor, row: { environment: Environment; workflowId: string; version: number; name: string; inputSchema: unknown; definition: unknown; at: Date }): Promise<WorkflowVersionRow> {
  return db
    .insertInto('workflow_versions')
    .values({
      environment: row.environment, workflow_id: row.workflowId, version: row.version, name: row.name,
      input_schema: JSON.stringify(row.inputSchema), definition: JSON.stringify(row.definition), created_at: row.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findWorkflowVersion(db: Executor, environment: Environment, workflowId: string, version: number): Promise<WorkflowVersionRow | undefined> {
  return db
    .selectFrom('workflow_versions')
    .selectAll()
    .where('environment', '=', environment)
    .where('workflow_id', '=', workflowId)
    .where('version', '=', version)
    .executeTakeFirst();
}

export async function hasRunningExecutions(db: Executor, workflowId: string): Promise<boolean> {
  const row = await db.selectFrom('workflow_executions').select('id').where('workflow_id', '=', workflowId).where('status', '=', 'running').limit(1).executeTakeFirst();
  return row !== undefined;
}
