/**
 * Data access for generic documents and their one file, and for document templates with their
 * immutable versions. Every query is scoped by environment; status changes are guarded by the
 * current status, so a retried activity changes nothing twice.
 */
import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type { DocumentFileRow, DocumentFilesTable, DocumentRow, DocumentStatus, DocumentsTable } from '../tables/documents.table.js';
import type { DocumentTemplateRow, DocumentTemplateVersionRow } from '../tables/document-templates.table.js';
import type { DocumentFileStatus } from '../tables/identity-document-files.table.js';
import type { ProcessingErrorItem } from '../tables/identity-documents.table.js';

// ---- documents

export async function insertGenericDocument(db: Executor, doc: Insertable<DocumentsTable>, file: Insertable<DocumentFilesTable>): Promise<DocumentRow> {
  const row = await db.insertInto('documents').values(doc).returningAll().executeTakeFirstOrThrow();
  await db.insertInto('document_files').values(file).execute();
  return row;
}

export async function findGenericDocument(db: Executor, environment: Environment, id: string, options: { forUpdate?: boolean } = {}): Promise<DocumentRow | undefined> {
  let q = db.selectFrom('documents').selectAll().where('environment', '=', environment).where('id', '=', id);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function filesOfGenericDocuments(db: Executor, documentIds: readonly string[]): Promise<Map<string, DocumentFileRow[]>> {
  const byDocument = new Map<string, DocumentFileRow[]>();
  if (documentIds.length === 0) return byDocument;
  const rows = await db.selectFrom('document_files').selectAll().where('document_id', 'in', [...documentIds]).orderBy('created_at').execute();
  for (const row of rows) byDocument.set(row.document_id, [...(byDocument.get(row.document_id) ?? []), row]);
  return byDocument;
}

export interface GenericDocumentFilters {
  status?: string | undefined;
  templateId?: string | undefined;
  sessionId?: string | undefined;
}

export function genericDocumentListQuery(db: Executor, environment: Environment, f: GenericDocumentFilters): SelectQueryBuilder<Database, 'documents', DocumentRow> {
  let q = db.selectFrom('documents').selectAll().where('documents.environment', '=', environment);
  if (f.status) q = q.where('documents.status', '=', f.status as DocumentStatus);
  if (f.templateId) q = q.where('documents.template_id', '=', f.templateId);
  if (f.sessionId) q = q.where('documents.session_id', '=', f.sessionId);
  return q;
}

/** Moves a document from one of `from` to another status (plus other columns); undefined when it was not in `from`. */
export async function transitionGenericDocument(db: Executor, id: string, from: readonly DocumentStatus[], changes: Record<string, unknown>): Promise<DocumentRow | undefined> {
  return db.updateTable('documents').set(changes as never).where('id', '=', id).where('status', 'in', [...from]).returningAll().executeTakeFirst();
}

export async function updateGenericDocument(db: Executor, id: string, changes: Record<string, unknown>): Promise<DocumentRow> {
  return db.updateTable('documents').set(changes as never).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function appendDocumentErrors(errors: readonly ProcessingErrorItem[]) {
  return sql<string>`processing_errors || ${JSON.stringify(errors)}::jsonb`;
}

/** Moves a file out of pending_upload; undefined when it had already left it. */
export async function settleGenericFile(
  db: Executor, id: string, status: Exclude<DocumentFileStatus, 'pending_upload'>, changes: Partial<Pick<DocumentFileRow, 'byte_size' | 'checksum' | 'uploaded_at' | 'object_key'>>, at: Date,
): Promise<DocumentFileRow | undefined> {
  return db.updateTable('document_files').set({ ...changes, status, updated_at: at }).where('id', '=', id).where('status', '=', 'pending_upload').returningAll().executeTakeFirst();
}

export async function failVerifiedGenericFile(db: Executor, id: string, at: Date): Promise<boolean> {
  const row = await db.updateTable('document_files').set({ status: 'failed', updated_at: at }).where('id', '=', id).where('status', '=', 'uploaded').returning('id').executeTakeFirst();
  return Boolean(row);
}

/** The generic documents of these sessions (redaction of an account). */
export async function genericDocumentsOfSessions(db: Executor, environment: Environment, sessionIds: readonly string[]): Promise<DocumentRow[]> {
  if (sessionIds.length === 0) return [];
  return db.selectFrom('documents').selectAll().where('environment', '=', environment).where('session_id', 'in', [...sessionIds]).forUpdate().execute();
}

// ---- templates

export async function insertTemplate(
  db: Executor,
  t: { environment: Environment; name: string; description: string | null; documentClassType: string | null; extractionConfig: unknown; fraudConfig: unknown; at: Date },
): Promise<{ template: DocumentTemplateRow; version: DocumentTemplateVersionRow }> {
  const template = await db
    .insertInto('document_templates')
    .values({ environment: t.environment, name: t.name, description: t.description, document_class_type: t.documentClassType, current_version: 1, created_at: t.at, updated_at: t.at })
    .returningAll()
    .executeTakeFirstOrThrow();
  const version = await db
    .insertInto('document_template_versions')
    .values({
      template_id: template.id, version: 1, environment: t.environment, name: t.name, description: t.description, document_class_type: t.documentClassType,
      extraction_config: JSON.stringify(t.extractionConfig), fraud_config: JSON.stringify(t.fraudConfig), created_at: t.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { template, version };
}

export async function findTemplate(db: Executor, environment: Environment, id: string, options: { forUpdate?: boolean } = {}): Promise<DocumentTemplateRow | undefined> {
  let q = db.selectFrom('document_templates').selectAll().where('environment', '=', environment).where('id', '=', id);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findTemplateVersion(db: Executor, templateId: string, version: number): Promise<DocumentTemplateVersionRow | undefined> {
  return db.selectFrom('document_template_versions').selectAll().where('template_id', '=', templateId).where('version', '=', version).executeTakeFirst();
}

export async function currentTemplateVersions(db: Executor, templates: readonly DocumentTemplateRow[]): Promise<Map<string, DocumentTemplateVersionRow>> {
  const out = new Map<string, DocumentTemplateVersionRow>();
  if (templates.length === 0) return out;
  const rows = await db
    .selectFrom('document_template_versions')
    .selectAll()
    .where((eb) => eb.or(templates.map((t) => eb.and([eb('template_id', '=', t.id), eb('version', '=', t.current_version)]))))
    .execute();
  for (const row of rows) out.set(row.template_id, row);
  return out;
}

export async function insertTemplateVersion(
  db: Executor,
  v: { template: DocumentTemplateRow; name: string; description: string | null; documentClassType: string | null; extractionConfig: unknown; fraudConfig: unknown; at: Date },
): Promise<{ template: DocumentTemplateRow; version: DocumentTemplateVersionRow }> {
  const next = v.template.current_version + 1;
  const version = await db
    .insertInto('document_template_versions')
    .values({
      template_id: v.template.id, version: next, environment: v.template.environment, name: v.name, description: v.description, document_class_type: v.documentClassType,
      extraction_config: JSON.stringify(v.extractionConfig), fraud_config: JSON.stringify(v.fraudConfig), created_at: v.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const template = await db
    .updateTable('document_templates')
    .set({ current_version: next, name: v.name, description: v.description, document_class_type: v.documentClassType, updated_at: v.at })
    .where('id', '=', v.template.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { template, version };
}

export function templateListQuery(db: Executor, environment: Environment): SelectQueryBuilder<Database, 'document_templates', DocumentTemplateRow> {
  return db.selectFrom('document_templates').selectAll().where('document_templates.environment', '=', environment);
}
