/**
 * Identity records: the session status values and their list index, and the two tables of the
 * identity document family — documents (document/idv and document/address) and their uploaded
 * files. Personal data sits only in nullable columns, so redaction can null it and keep the shells.
 * Frozen once landed: add a new migration to change it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table sessions
      add constraint sessions_status check (status in ('created', 'started', 'completed', 'failed', 'marked_for_review', 'expired', 'declined', 'approved'))`.execute(db);
  await sql`create index sessions_status_list on sessions (environment, status, created_at desc, id desc)`.execute(db);
  await sql`create index sessions_expiry on sessions (expires_at) where status in ('created', 'started')`.execute(db);
  await sql`create index accounts_status_list on accounts (environment, status, created_at desc, id desc)`.execute(db);

  await sql`
    create table identity_documents (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      kind text not null check (kind in ('idv', 'address')),
      account_id uuid references accounts (id),
      session_id uuid references sessions (id),
      status text not null default 'pending' check (status in ('pending', 'submitted', 'processed', 'failed')),
      submit_requested boolean not null default false,
      upload_expires_at timestamptz,
      uploads_settled_at timestamptz,
      extracted jsonb,
      processing_errors jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      submitted_at timestamptz,
      processed_at timestamptz,
      redacted_at timestamptz
    )`.execute(db);
  await sql`create index identity_documents_list on identity_documents (environment, kind, created_at desc, id desc)`.execute(db);
  await sql`create index identity_documents_account on identity_documents (account_id)`.execute(db);
  await sql`create index identity_documents_session on identity_documents (session_id)`.execute(db);

  await sql`
    create table identity_document_files (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      document_id uuid not null references identity_documents (id),
      position integer not null,
      filename text,
      content_type text not null,
      declared_byte_size integer,
      declared_checksum text,
      status text not null default 'pending_upload' check (status in ('pending_upload', 'uploaded', 'failed', 'expired', 'redacted')),
      byte_size integer,
      checksum text,
      object_key text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      uploaded_at timestamptz,
      unique (document_id, position)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table identity_document_files`.execute(db);
  await sql`drop table identity_documents`.execute(db);
  await sql`drop index accounts_status_list`.execute(db);
  await sql`drop index sessions_expiry`.execute(db);
  await sql`drop index sessions_status_list`.execute(db);
  await sql`alter table sessions drop constraint sessions_status`.execute(db);
}
