/**
 * Screening at platform speed and ongoing monitoring:
 * - screenings: `monitor` (re-screen this subject when its lists change), `origin` (api, batch,
 *   monitoring), `monitored_screening_id` and `monitoring` (what a monitoring screening reports:
 *   the list version, new hits, removed entities), `batch_id` (POST /v1/screenings/batch) and
 *   `workflow_id` (the workflow that ran it, when one workflow ran several screenings);
 * - a NOTIFY when a screening reaches a final status, so a waiting API request wakes at once
 *   without a Temporal long poll;
 * - screening_monitor_hits: the listed entities each monitored subject is known to match (from its
 *   own result and every monitoring screening since), the "previous result" a new hit is new
 *   against, and where a removed entity is looked up;
 * - screening_monitoring_runs: one run per activated list version and environment.
 * Frozen once landed: add a new migration to change it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table screenings
      add column monitor boolean not null default false,
      add column origin text not null default 'api' check (origin in ('api', 'batch', 'monitoring')),
      add column monitored_screening_id uuid references screenings (id) on delete cascade,
      add column monitoring jsonb,
      add column batch_id uuid,
      add column workflow_id text`.execute(db);
  // The monitoring scan walks the monitored subjects of an environment by id (keyset).
  await sql`create index screenings_monitored on screenings (environment, id) where monitor`.execute(db);
  await sql`create index screenings_monitoring_of on screenings (monitored_screening_id) where monitored_screening_id is not null`.execute(db);
  // A monitoring run reports a subject at most once, however often its activity is retried.
  await sql`create unique index screenings_monitoring_once on screenings (monitored_screening_id, (monitoring ->> 'run_id')) where origin = 'monitoring'`.execute(db);
  await sql`create index screenings_batch on screenings (batch_id) where batch_id is not null`.execute(db);

  await sql`
    create function notify_screening_finished() returns trigger language plpgsql as $$
    begin
      perform pg_notify('clearwatch_screening_finished', new.id::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger screenings_finished_notify after update of status on screenings for each row
    when (new.status in ('completed', 'failed', 'not_found') and old.status is distinct from new.status)
    execute function notify_screening_finished()`.execute(db);

  await sql`
    create table screening_monitor_hits (
      environment environment not null,
      monitored_screening_id uuid not null references screenings (id) on delete cascade,
      entity_id uuid not null,
      list_slug text not null,
      entity_source_id text not null,
      entity_name text not null,
      reported_screening_id uuid not null,
      removed_in_version_id uuid,
      created_at timestamptz not null default now(),
      primary key (monitored_screening_id, entity_id)
    )`.execute(db);
  await sql`create index screening_monitor_hits_listed on screening_monitor_hits (list_slug, entity_id) where removed_in_version_id is null`.execute(db);

  await sql`
    create table screening_monitoring_runs (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      event_id uuid not null unique,
      list_slug text not null,
      list_type text not null,
      version_id uuid not null,
      previous_version_id uuid,
      status text not null default 'pending' check (status in ('pending', 'running', 'completed', 'failed')),
      delta jsonb,
      subjects_screened bigint not null default 0,
      screenings_created integer not null default 0,
      removals_reported integer not null default 0,
      error text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      completed_at timestamptz
    )`.execute(db);
  await sql`create index screening_monitoring_runs_open on screening_monitoring_runs (created_at) where status in ('pending', 'running')`.execute(db);

  // The monitoring consumer of the event log starts at the end of the log: no subject was monitored
  // before this migration, so earlier list activations concern nobody.
  await sql`
    insert into event_consumers (name, last_tx_id, last_sequence)
    select 'screening_monitoring', coalesce(last.tx_id, '0'::xid8), coalesce(last.sequence, 0)
    from (select 1) one left join lateral (select tx_id, sequence from events order by tx_id desc, sequence desc limit 1) last on true
    on conflict (name) do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from event_consumers where name = 'screening_monitoring'`.execute(db);
  await sql`drop table screening_monitoring_runs`.execute(db);
  await sql`drop table screening_monitor_hits`.execute(db);
  await sql`drop trigger screenings_finished_notify on screenings`.execute(db);
  await sql`drop function notify_screening_finished()`.execute(db);
  await sql`
    alter table screenings
      drop column monitor, drop column origin, drop column monitored_screening_id, drop column monitoring,
      drop column batch_id, drop column workflow_id`.execute(db);
}
