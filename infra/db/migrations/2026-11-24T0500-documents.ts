/**
 * Generic documents and document templates: templates with immutable versions (a PATCH makes a
 * new one), documents with their one uploaded file, the processing results (extracted data and
 * fraud analysis with their coordinates) and the version of the template they were processed with.
 * Frozen: never edit, add a new migration.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table document_templates (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      name text not null,
      description text,
      document_class_type text,
      current_version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index document_templates_page on document_templates (environment, created_at desc, id desc)`.execute(db);

  await sql`
    create table document_template_versions (
      template_id uuid not null references document_templates (id) on delete cascade,
      version integer not null,
      environment environment not null,
      name text not null,
      description text,
      document_class_type text,
      extraction_config jsonb not null,
      fraud_config jsonb not null,
      created_at timestamptz not null default now(),
      primary key (template_id, version)
    )`.execute(db);

  await sql`
    create table documents (
      id uuid primary key,
      environment environment not null,
      status text not null default 'pending' check (status in ('pending', 'submitted', 'processing', 'processed', 'failed')),
      template_id uuid references document_templates (id),
      template_version integer,
      session_id uuid references sessions (id),
      extraction_config jsonb,
      fraud_config jsonb,
      upload_expires_at timestamptz,
      uploads_settled_at timestamptz,
      processing_errors jsonb not null default '[]'::jsonb,
      classification jsonb,
      extracted_data jsonb,
      extracted_data_coordinates jsonb,
      fraud_result jsonb,
      fraud_result_coordinates jsonb,
      ocr_external_id text,
      fraud_check_external_id text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      submitted_at timestamptz,
      processed_at timestamptz,
      redacted_at timestamptz
    )`.execute(db);
  await sql`create index documents_page on documents (environment, created_at desc, id desc)`.execute(db);
  await sql`create index documents_session on documents (session_id)`.execute(db);
  await sql`create index documents_template on documents (template_id)`.execute(db);

  await sql`
    create table document_files (
      id uuid primary key,
      environment environment not null,
      document_id uuid not null references documents (id) on delete cascade,
      filename text,
      content_type text not null,
      declared_byte_size integer,
      declared_checksum text,
      byte_size integer,
      checksum text,
      status text not null default 'pending_upload' check (status in ('pending_upload', 'uploaded', 'failed', 'expired', 'redacted')),
      object_key text not null,
      uploaded_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index document_files_document on document_files (document_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table document_files`.execute(db);
  await sql`drop table documents`.execute(db);
  await sql`drop table document_template_versions`.execute(db);
  await sql`drop table document_templates`.execute(db);
}
