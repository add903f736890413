/**
 * Base tables of the identity family (accounts, sessions) and business lookups, so every feature
 * can reference them. Frozen: extend with new migrations.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table accounts (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      external_id text,
      status text not null default 'active' check (status in ('active', 'inactive', 'suspended', 'pending')),
      entity_type text not null check (entity_type in ('person', 'business')),
      person jsonb,
      business jsonb,
      contact jsonb,
      address jsonb,
      identity_numbers jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      redacted_at timestamptz
    )`.execute(db);
  await sql`create unique index accounts_external_id on accounts (environment, external_id) where external_id is not null`.execute(db);
  await sql`create index accounts_list on accounts (environment, created_at desc, id desc)`.execute(db);

  await sql`
    create table sessions (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      account_id uuid references accounts (id),
      status text not null default 'created',
      creator_type text not null default 'system',
      creator_id text,
      entity_type text not null check (entity_type in ('person', 'business')),
      person jsonb,
      business jsonb,
      identity_numbers jsonb,
      contact jsonb,
      address jsonb,
      behavior_analysis jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      started_at timestamptz,
      expires_at timestamptz,
      completed_at timestamptz,
      failed_at timestamptz,
      marked_for_review_at timestamptz,
      decisioned_at timestamptz,
      expired_at timestamptz,
      redacted_at timestamptz
    )`.execute(db);
  await sql`create index sessions_list on sessions (environment, created_at desc, id desc)`.execute(db);
  await sql`create index sessions_account on sessions (account_id)`.execute(db);

  await sql`
    create table businesses (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      session_id uuid not null references sessions (id),
      country text not null,
      search_input jsonb not null,
      async_status text not null default 'processing',
      record jsonb,
      errors jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`create index businesses_list on businesses (environment, created_at desc, id desc)`.execute(db);
  await sql`create index businesses_session on businesses (session_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table businesses`.execute(db);
  await sql`drop table sessions`.execute(db);
  await sql`drop table accounts`.execute(db);
}
