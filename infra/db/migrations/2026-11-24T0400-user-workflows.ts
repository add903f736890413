/**
 * User-defined verification workflows and website checks:
 *  - workflows: a customer's editable definition (draft) and its state machine;
 *  - workflow_versions: immutable deployed copies (version 1, 2, …) an execution is pinned to;
 *  - workflow_executions: one run of a version, with its status, outcome and current step;
 *  - workflow_execution_steps: one row per step run (a step inside a loop runs more than once);
 *  - workflow_execution_waits: documents an execution waits for (the event consumer signals it);
 *  - website_checks: one check of a site (DNS, TLS, HTTP, content, indicators, risk level).
 * Frozen once landed: add a new migration to change it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table workflows (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      name text not null,
      description text,
      state text not null default 'draft' check (state in ('draft', 'active', 'paused', 'archived')),
      input_schema jsonb not null,
      definition jsonb not null,
      latest_version integer,
      deployed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index workflows_page on workflows (environment, created_at desc, id desc) where deleted_at is null`.execute(db);

  await sql`
    create table workflow_versions (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      workflow_id uuid not null references workflows (id),
      version integer not null check (version >= 1),
      name text not null,
      input_schema jsonb not null,
      definition jsonb not null,
      created_at timestamptz not null default now(),
      unique (workflow_id, version)
    )`.execute(db);

  await sql`
    create table workflow_executions (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      workflow_id uuid not null references workflows (id),
      version_id uuid not null references workflow_versions (id),
      version integer not null,
      status text not null default 'running' check (status in ('running', 'completed', 'failed', 'cancelled', 'timed_out')),
      outcome text check (outcome in ('approved', 'declined', 'needs_review')),
      current_step text,
      input jsonb not null,
      error jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`create index workflow_executions_page on workflow_executions (environment, created_at desc, id desc)`.execute(db);
  await sql`create index workflow_executions_by_workflow on workflow_executions (workflow_id, created_at desc, id desc)`.execute(db);
  await sql`create index workflow_executions_running on workflow_executions (workflow_id) where status = 'running'`.execute(db);

  await sql`
    create table workflow_execution_steps (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      execution_id uuid not null references workflow_executions (id) on delete cascade,
      seq integer not null,
      step_id text not null,
      step_type text not null,
      status text not null check (status in ('running', 'waiting', 'completed', 'failed', 'timed_out', 'cancelled')),
      started_at timestamptz not null,
      completed_at timestamptz,
      output jsonb,
      error jsonb,
      resource_id uuid,
      review jsonb,
      unique (execution_id, seq)
    )`.execute(db);

  await sql`
    create table workflow_execution_waits (
      environment environment not null,
      execution_id uuid not null references workflow_executions (id) on delete cascade,
      seq integer not null,
      resource_type text not null,
      resource_id uuid not null,
      created_at timestamptz not null default now(),
      primary key (execution_id, seq)
    )`.execute(db);
  await sql`create index workflow_execution_waits_resource on workflow_execution_waits (resource_type, resource_id)`.execute(db);

  await sql`
    create table website_checks (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      url text not null,
      business_name text,
      business_id uuid references businesses (id),
      execution_mode text not null check (execution_mode in ('sync', 'async')),
      status text not null default 'pending' check (status in ('pending', 'completed', 'failed')),
      risk_level text check (risk_level in ('low', 'medium', 'high')),
      facts jsonb,
      indicators jsonb,
      errors jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`create index website_checks_page on website_checks (environment, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['website_checks', 'workflow_execution_waits', 'workflow_execution_steps', 'workflow_executions', 'workflow_versions', 'workflows']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
