/**
 * Identity document crops: the portrait and the signature cut out of a TD3 page are stored as file
 * records of their document, told apart from the uploaded files by `role` ('upload', 'portrait',
 * 'signature'). Positions number each role's files, so the uniqueness covers the role. Redaction
 * treats them like any file record of the document. Frozen once landed: add a new migration to
 * change it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table identity_document_files
      add column role text not null default 'upload' check (role in ('upload', 'portrait', 'signature'))`.execute(db);
  await sql`alter table identity_document_files drop constraint identity_document_files_document_id_position_key`.execute(db);
  await sql`alter table identity_document_files add constraint identity_document_files_role_position unique (document_id, role, position)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from identity_document_files where role <> 'upload'`.execute(db);
  await sql`alter table identity_document_files drop constraint identity_document_files_role_position`.execute(db);
  await sql`alter table identity_document_files add constraint identity_document_files_document_id_position_key unique (document_id, position)`.execute(db);
  await sql`alter table identity_document_files drop column role`.execute(db);
}
