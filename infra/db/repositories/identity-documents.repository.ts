/**
 * Data access for identity documents and their files, scoped to one environment. Status changes
 * are guarded by the expected current status, so a retried or late activity changes nothing.
 */
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type { DocumentFileRole, DocumentFileStatus, IdentityDocumentFileRow } from '../tables/identity-document-files.table.js';
import type { IdentityDocumentKind, IdentityDocumentRow, IdentityDocumentStatus, ProcessingErrorItem } from '../tables/identity-documents.table.js';


export interface NewDocument {
  id: string;
  environment: Environment;
  kind: IdentityDocumentKind;
  accountId: string | null;
  sessionId: string | null;
  submitRequested: boolean;
  uploadExpiresAt: Date | null;
  at: Date;
}

export interface NewDocumentFile {
  id: string;
  position: number;
  filename: string;
  contentType: string;
  declaredByteSize: number | null;
  declaredChecksum: string | null;
  objectKey: string;
}

export async function insertDocument(trx: Transaction<Database>, doc: NewDocument, files: readonly NewDocumentFile[]): Promise<IdentityDocumentRow> {
  const row = await trx
    .insertInto('identity_documents')
    .values({
      id: doc.id, environment: doc.environment, kind: doc.kind, account_id: doc.accountId, session_id: doc.sessionId,
      submit_requested: doc.submitRequested, upload_expires_at: doc.uploadExpiresAt, created_at: doc.at, updated_at: doc.at,
      // A document without files has nothing to wait for.
      uploads_settled_at: files.length === 0 ? doc.at : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (files.length > 0) {
    await trx
      .insertInto('identity_document_files')
      .values(files.map((f) => ({
        id: f.id, environment: doc.environment, document_id: doc.id, position: f.position, filename: f.filename, content_type: f.contentType,
        declared_byte_size: f.declaredByteSize, declared_checksum: f.declaredChecksum, object_key: f.objectKey, created_at: doc.at, updated_at: doc.at,
      })))
      .execute();
  }
  return row;
}

export async function findDocument(
  db: Executor, environment: Environment, id: string, options: { kind?: IdentityDocumentKind; forUpdate?: boolean } = {},
): Promise<IdentityDocumentRow | undefined> {
  let query = db.selectFrom('identity_documents').selectAll().where('environment', '=', environment).where('id', '=', id);
  if (options.kind) query = query.where('kind', '=', options.kind);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The files the client uploaded, per document, in their declared order. */
export async function filesOfDocuments(db: Executor, documentIds: readonly string[]): Promise<Map<string, IdentityDocumentFileRow[]>> {
  return fileRowsOf(db, documentIds, ['upload']);
}

/** The portrait and signature crops the service cut out, per document. */
export async function cropsOfDocuments(db: Executor, documentIds: readonly string[]): Promise<Map<string, IdentityDocumentFileRow[]>> {
  return fileRowsOf(db, documentIds, ['portrait', 'signature']);
}

async function fileRowsOf(db: Executor, documentIds: readonly string[], roles: readonly DocumentFileRole[]): Promise<Map<string, IdentityDocumentFileRow[]>> {
  const byDocument = new Map<string, IdentityDocumentFileRow[]>();
  if (documentIds.length === 0) return byDocument;
  const rows = await db
    .selectFrom('identity_document_files').selectAll()
    .where('document_id', 'in', [...documentIds]).where('role', 'in', [...roles])
    .orderBy('position', 'asc').execute();
  for (const row of rows) byDocument.set(row.document_id, [...(byDocument.get(row.document_id) ?? []), row]);
  return byDocument;
}

export interface DocumentCrop {
  role: Exclude<DocumentFileRole, 'upload'>;
  byteSize: number;
  checksum: string;
}

/** Where a crop of the document is stored: the key of the record a previous run made, else a new one. */
export async function cropObjectKey(db: Executor, doc: { id: string; environment: Environment }, role: DocumentCrop['role'], newId: string): Promise<string> {
  const existing = await db
    .selectFrom('identity_document_files').select('object_key')
    .where('document_id', '=', doc.id).where('role', '=', role).where('position', '=', 0)
    .executeTakeFirst();
  return existing?.object_key ?? `${doc.environment}/documents/${doc.id}/${newId}`;
}

/** Records a stored crop (one per role), or updates the record a previous run made. */
export async function recordDocumentCrop(
  trx: Transaction<Database>, doc: { id: string; environment: Environment }, crop: DocumentCrop, objectKey: string, newId: string, at: Date,
): Promise<void> {
  await trx
    .insertInto('identity_document_files')
    .values({
      id: newId, environment: doc.environment, document_id: doc.id, position: 0, role: crop.role, filename: `${crop.role}.png`, content_type: 'image/png',
      declared_byte_size: null, declared_checksum: null, status: 'uploaded', byte_size: crop.byteSize, checksum: crop.checksum, object_key: objectKey,
      created_at: at, updated_at: at, uploaded_at: at,
    })
    .onConflict((oc) => oc.columns(['document_id', 'role', 'position']).doUpdateSet({ byte_size: crop.byteSize, checksum: crop.checksum, status: 'uploaded', uploaded_at: at, updated_at: at }))
    .execute();
}

export interface DocumentListFilters {
  accountId?: string | undefined;
  sessionId?: string | undefined;
  status?: string | undefined;
}

export function documentListQuery(
  db: Executor, environment: Environment, kind: IdentityDocumentKind, filters: DocumentListFilters,
): SelectQueryBuilder<Database, 'identity_documents', IdentityDocumentRow> {
  let query = db.selectFrom('identity_documents').selectAll().where('identity_documents.environment', '=', environment).where('identity_documents.kind', '=', kind);
  if (filters.accountId) query = query.where('identity_documents.account_id', '=', filters.accountId);
  if (filters.sessionId) query = query.where('identity_documents.session_id', '=', filters.sessionId);
  if (filters.status) query = query.where('identity_documents.status', '=', filters.status as IdentityDocumentStatus);
  return query;
}

/** Moves a document from one status to another (plus other columns); undefined when it was not in `from`. */
export async function transitionDocument(
  db: Executor, id: string, from: readonly IdentityDocumentStatus[], changes: Record<string, unknown>,
): Promise<IdentityDocumentRow | undefined> {
  return db
    .updateTable('identity_documents')
    .set(changes as never)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

export function appendErrors(errors: readonly ProcessingErrorItem[]) {
  return sql<string>`processing_errors || ${JSON.stringify(errors)}::jsonb`;
}

/** Moves a file out of pending_upload; undefined when it had already left it. */
export async function settleFile(
  db: Executor, id: string, status: Exclude<DocumentFileStatus, 'pending_upload'>, changes: Partial<Pick<IdentityDocumentFileRow, 'byte_size' | 'checksum' | 'uploaded_at' | 'object_key'>>, at: Date,
): Promise<IdentityDocumentFileRow | undefined> {
  return db
    .updateTable('identity_document_files')
    .set({ ...changes, status, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending_upload')
    .returningAll()
    .executeTakeFirst();
}

export async function sessionDocumentStates(db: Executor, sessionId: string) {
  return db
    .selectFrom('identity_documents')
    .select(['status', 'kind', sql<boolean | null>`(extracted->>'is_valid')::boolean`.as('is_valid')])
    .where('session_id', '=', sessionId)
    .execute();
}

export async function countDocumentFiles(db: Executor, documentId: string): Promise<number> {
  const row = await db.selectFrom('identity_document_files').select(sql<string>`count(*)`.as('n')).where('document_id', '=', documentId).executeTakeFirstOrThrow();
  return Number(row.n);
}
