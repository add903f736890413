/** Foundation: API keys, idempotency keys, rate-limit buckets, the outbox. Frozen: never edit, add a new migration. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists fuzzystrmatch`.execute(db);
  await sql`create type environment as enum ('production', 'staging')`.execute(db);

  await sql`
    create table api_keys (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      name text not null check (length(name) between 1 and 200),
      key_prefix text not null unique,
      key_hash bytea not null,
      scopes text[] not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);

  await sql`
    create table idempotency_keys (
      environment environment not null,
      idempotency_key text not null,
      request_hash text not null,
      state text not null check (state in ('in_progress', 'completed')),
      response_status integer,
      response_body jsonb,
      created_at timestamptz not null default now(),
      locked_until timestamptz not null,
      primary key (environment, idempotency_key)
    )`.execute(db);
  await sql`create index idempotency_keys_created_at on idempotency_keys (created_at)`.execute(db);

  await sql`
    create table rate_limit_buckets (
      bucket_key text primary key,
      tokens double precision not null,
      refilled_at timestamptz not null
    )`.execute(db);

  // Atomic token-bucket take: one statement, row-locked by the upsert, shared by every API process.
  // Returns whether a token was taken, the tokens left, and seconds until one token is available.
  await sql`
    create function take_rate_limit_token(p_key text, p_now timestamptz, p_rate_per_second double precision, p_burst double precision)
    returns table (allowed boolean, remaining double precision, retry_after_seconds double precision)
    language plpgsql as $$
    declare
      v_tokens double precision;
      v_refilled timestamptz;
      v_available double precision;
    begin
      insert into rate_limit_buckets as b (bucket_key, tokens, refilled_at)
        values (p_key, p_burst, p_now)
        on conflict (bucket_key) do nothing;
      select b.tokens, b.refilled_at into v_tokens, v_refilled from rate_limit_buckets b where b.bucket_key = p_key for update;
      v_available := least(p_burst, v_tokens + greatest(0, extract(epoch from (p_now - v_refilled))) * p_rate_per_second);
      if v_available >= 1 then
        update rate_limit_buckets set tokens = v_available - 1, refilled_at = greatest(p_now, v_refilled) where bucket_key = p_key;
        return query select true, v_available - 1, 0::double precision;
      else
        update rate_limit_buckets set tokens = v_available, refilled_at = greatest(p_now, v_refilled) where bucket_key = p_key;
        return query select false, v_available, (1 - v_available) / p_rate_per_second;
      end if;
    end $$`.execute(db);

  await sql`
    create table outbox_events (
      id uuid primary key default gen_random_uuid(),
      sequence bigserial not null unique,
      environment environment not null,
      resource_type text not null,
      resource_id uuid not null,
      status text not null,
      payload jsonb not null default '{}'::jsonb,
      occurred_at timestamptz not null default now(),
      published_at timestamptz
    )`.execute(db);
  await sql`create index outbox_events_unpublished on outbox_events (sequence) where published_at is null`.execute(db);
  await sql`create index outbox_events_resource on outbox_events (resource_id, sequence)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table outbox_events`.execute(db);
  await sql`drop function take_rate_limit_token`.execute(db);
  await sql`drop table rate_limit_buckets`.execute(db);
  await sql`drop table idempotency_keys`.execute(db);
  await sql`drop table api_keys`.execute(db);
  await sql`drop type environment`.execute(db);
}
