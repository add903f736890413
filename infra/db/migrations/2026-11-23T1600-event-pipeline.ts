/**
 * The event pipeline: the outbox becomes the one typed event log (`events`) read by several
 * consumers, each through its own cursor; webhook configurations, deliveries and their attempts;
 * the append-only, hash-chained audit log with its per-environment chain heads; audit streams.
 * Frozen: never edit, add a new migration.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // ---- events: every state change (category 'change') and every audit-only record (category
  // 'audit': API requests, CLI actions, reads of personal data), written in the transaction of what
  // it records. `tx_id` lets cursor readers take only rows of finished transactions, so a reader
  // never passes over a row that commits later with a lower sequence.
  await sql`alter table outbox_events rename to events`.execute(db);
  await sql`alter index outbox_events_resource rename to events_resource`.execute(db);
  await sql`drop index outbox_events_unpublished`.execute(db);
  await sql`alter table events drop column published_at`.execute(db);
  await sql`alter table events add column type text`.execute(db);
  await sql`update events set type = resource_type || '.' || status`.execute(db);
  await sql`alter table events alter column type set not null`.execute(db);
  await sql`alter table events add column category text not null default 'change' check (category in ('change', 'audit'))`.execute(db);
  await sql`alter table events alter column category drop default`.execute(db);
  await sql`alter table events alter column resource_type drop not null`.execute(db);
  await sql`alter table events alter column resource_id drop not null`.execute(db);
  await sql`alter table events alter column resource_id type text using resource_id::text`.execute(db);
  await sql`alter table events alter column status drop not null`.execute(db);
  await sql`alter table events add column actor_type text not null default 'system' check (actor_type in ('api_key', 'cli', 'system', 'client'))`.execute(db);
  await sql`alter table events alter column actor_type drop default`.execute(db);
  await sql`alter table events add column actor_id text`.execute(db);
  await sql`alter table events add column actor_name text`.execute(db);
  await sql`alter table events add column request_id text`.execute(db);
  await sql`alter table events add column tx_id xid8 not null default pg_current_xact_id()`.execute(db);
  await sql`create index events_cursor on events (tx_id, sequence)`.execute(db);
  await sql`create index events_environment_type on events (environment, type, sequence)`.execute(db);
  // Readers LISTEN on this channel; one notification per inserting statement, delivered at commit.
  await sql`
    create function notify_events() returns trigger language plpgsql as $$
    begin
      perform pg_notify('clearwatch_events', '');
      return null;
    end $$`.execute(db);
  await sql`create trigger events_notify after insert on events for each statement execute function notify_events()`.execute(db);

  // Where each consumer has read up to: (tx_id, sequence) of the last event it handled.
  await sql`
    create table event_consumers (
      name text primary key,
      last_tx_id xid8 not null default '0',
      last_sequence bigint not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);

  // ---- webhooks
  await sql`
    create table webhook_configs (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      resource_type text not null,
      url text not null,
      subscribed_statuses text[] not null,
      is_active boolean not null default true,
      secret_ciphertext text not null,
      secret_prefix text not null,
      previous_secret_ciphertext text,
      previous_secret_expires_at timestamptz,
      failing_since timestamptz,
      deactivated_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index webhook_configs_match on webhook_configs (environment, resource_type) where deleted_at is null and is_active`.execute(db);

  // One delivery per (endpoint, message, trigger); attempts are its history. An endpoint is a
  // webhook config or an https audit stream: both go through the same delivery engine.
  await sql`
    create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      endpoint_type text not null check (endpoint_type in ('webhook_config', 'audit_stream')),
      endpoint_id uuid not null,
      message_id uuid not null,
      message_type text not null,
      payload jsonb not null,
      trigger text not null check (trigger in ('event', 'resend')),
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      last_status_code integer,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`create unique index webhook_deliveries_once on webhook_deliveries (endpoint_id, message_id) where trigger = 'event'`.execute(db);
  await sql`create index webhook_deliveries_due on webhook_deliveries (endpoint_id, next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_message on webhook_deliveries (endpoint_id, message_id)`.execute(db);

  await sql`
    create table webhook_delivery_attempts (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
      endpoint_id uuid not null,
      attempt integer not null,
      attempted_at timestamptz not null,
      succeeded boolean not null,
      status_code integer,
      latency_ms integer not null,
      error text,
      next_attempt_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhook_delivery_attempts_endpoint on webhook_delivery_attempts (endpoint_id, created_at desc, id desc)`.execute(db);

  // ---- audit: append-only, each row chained to the previous row of its environment by hash.
  await sql`
    create table audit_events (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      sequence bigint not null,
      occurred_at timestamptz not null,
      recorded_at timestamptz not null,
      action text not null,
      source text not null check (source in ('api', 'cli', 'system', 'client')),
      actor_type text not null,
      actor_id text,
      actor_name text,
      resource_type text,
      resource_id text,
      request_id text,
      client_ip text,
      user_agent text,
      outcome_status integer,
      recorder_key_id uuid,
      event_id uuid unique,
      metadata jsonb not null default '{}'::jsonb,
      prev_hash text not null,
      hash text not null,
      created_at timestamptz not null default now(),
      unique (environment, sequence)
    )`.execute(db);
  await sql`create index audit_events_filter on audit_events (environment, action, created_at desc)`.execute(db);
  await sql`create index audit_events_resource on audit_events (environment, resource_id)`.execute(db);
  await sql`create index audit_events_page on audit_events (environment, created_at desc, id desc)`.execute(db);
  await sql`
    create function audit_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_events is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`create trigger audit_events_no_update before update or delete on audit_events for each row execute function audit_events_append_only()`.execute(db);
  await sql`create trigger audit_events_no_truncate before truncate on audit_events for each statement execute function audit_events_append_only()`.execute(db);
  // Audit stream pushers LISTEN on this channel.
  await sql`
    create function notify_audit_events() returns trigger language plpgsql as $$
    begin
      perform pg_notify('clearwatch_audit', '');
      return null;
    end $$`.execute(db);
  await sql`create trigger audit_events_notify after insert on audit_events for each statement execute function notify_audit_events()`.execute(db);

  await sql`
    create table audit_chain_heads (
      environment environment primary key,
      last_sequence bigint not null,
      last_hash text not null
    )`.execute(db);

  await sql`
    create table audit_streams (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      type text not null check (type in ('https', 's3')),
      action_prefix text,
      url text,
      secret_ciphertext text,
      secret_prefix text,
      bucket text,
      prefix text,
      s3_endpoint text,
      s3_region text,
      access_key_ciphertext text,
      secret_key_ciphertext text,
      last_sequence bigint not null default 0,
      failing_since timestamptz,
      last_error text,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table audit_streams`.execute(db);
  await sql`drop table audit_chain_heads`.execute(db);
  await sql`drop table audit_events`.execute(db);
  await sql`drop function audit_events_append_only`.execute(db);
  await sql`drop function notify_audit_events`.execute(db);
  await sql`drop table webhook_delivery_attempts`.execute(db);
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhook_configs`.execute(db);
  await sql`drop table event_consumers`.execute(db);
  await sql`drop trigger events_notify on events`.execute(db);
  await sql`drop function notify_events`.execute(db);
  await sql`drop index events_environment_type`.execute(db);
  await sql`drop index events_cursor`.execute(db);
  await sql`delete from events where category = 'audit'`.execute(db);
  await sql`alter table events drop column tx_id, drop column request_id, drop column actor_name, drop column actor_id, drop column actor_type, drop column category, drop column type`.execute(db);
  await sql`alter table events alter column resource_id type uuid using resource_id::uuid`.execute(db);
  await sql`alter table events add column published_at timestamptz`.execute(db);
  await sql`alter index events_resource rename to outbox_events_resource`.execute(db);
  await sql`alter table events rename to outbox_events`.execute(db);
  await sql`create index outbox_events_unpublished on outbox_events (sequence) where published_at is null`.execute(db);
}
