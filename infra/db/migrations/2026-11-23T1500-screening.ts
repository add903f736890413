/**
 * Screening: list reference data (sources with an active-version pointer, immutable versions and
 * their entities), adverse-media articles with a full-text index, and the screening records.
 * Lists and articles are reference data shared by both environments (no environment column);
 * screenings are customer records. Frozen once landed: add a new migration to change it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table list_versions (
      id uuid primary key default gen_random_uuid(),
      slug text not null,
      source jsonb,
      checksum text not null,
      origin jsonb not null default '{}'::jsonb,
      fetched_at timestamptz not null,
      entity_count integer not null default 0,
      warning_count integer not null default 0,
      status text not null default 'loading' check (status in ('loading', 'active', 'superseded', 'failed')),
      error text,
      created_at timestamptz not null default now(),
      activated_at timestamptz,
      superseded_at timestamptz,
      entities_pruned_at timestamptz
    )`.execute(db);
  await sql`create index list_versions_slug on list_versions (slug, created_at desc)`.execute(db);

  await sql`
    create table list_sources (
      slug text primary key,
      source jsonb not null,
      active_version_id uuid references list_versions (id),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table list_entities (
      version_id uuid not null references list_versions (id) on delete cascade,
      id uuid not null,
      source_id text not null,
      kind text not null,
      names jsonb not null,
      birth_dates jsonb not null default '[]'::jsonb,
      countries text[] not null default '{}',
      identifiers jsonb not null default '[]'::jsonb,
      programs text[] not null default '{}',
      remarks text,
      primary key (version_id, id)
    )`.execute(db);

  await sql`
    create table adverse_media_articles (
      id uuid primary key default gen_random_uuid(),
      url text not null unique,
      title text not null,
      summary text not null default '',
      body text not null default '',
      language text,
      published_at timestamptz,
      source_name text,
      source_url text,
      folded_text text not null,
      search_vector tsvector generated always as (to_tsvector('simple', folded_text)) stored,
      ingested_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index adverse_media_articles_search on adverse_media_articles using gin (search_vector)`.execute(db);

  await sql`
    create table screenings (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      type text not null check (type in ('screening/politically-exposed-person', 'screening/watchlist', 'screening/business-watchlist', 'screening/business-adverse-media')),
      status text not null default 'pending' check (status in ('pending', 'processing', 'completed', 'failed', 'not_found')),
      execution_mode text not null check (execution_mode in ('sync', 'async')),
      query jsonb not null,
      has_match boolean,
      matched_lists jsonb,
      ignore_list jsonb not null default '[]'::jsonb,
      errors jsonb,
      account_id uuid references accounts (id),
      business_id uuid references businesses (id),
      list_versions jsonb,
      algorithm_version text,
      threshold double precision,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      completed_at timestamptz,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index screenings_list on screenings (environment, created_at desc, id desc)`.execute(db);
  await sql`create index screenings_type_list on screenings (environment, type, created_at desc, id desc)`.execute(db);
  await sql`create index screenings_status_list on screenings (environment, status, created_at desc, id desc)`.execute(db);
  await sql`create index screenings_account on screenings (account_id) where account_id is not null`.execute(db);
  await sql`create index screenings_business on screenings (business_id) where business_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table screenings`.execute(db);
  await sql`drop table adverse_media_articles`.execute(db);
  await sql`drop table list_entities`.execute(db);
  await sql`drop table list_sources`.execute(db);
  await sql`drop table list_versions`.execute(db);
}
