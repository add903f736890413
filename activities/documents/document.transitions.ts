/**
 * Every state change of a generic document and its file, each guarded by the current status and
 * recorded with its event in the same transaction:
 *   document: created (pending) → submitted (file verified) → processing → processed | failed;
 *             failed from pending when no usable file arrived or the upload could not be watched;
 *   file:     pending_upload → uploaded | failed (rejected) | expired; uploaded → failed when its
 *             bytes change after verification.
 * Routes, the shared upload activities and the processing activities all call these.
 */
import {
  appendDocumentErrors,
  failVerifiedGenericFile,
  filesOfGenericDocuments,
  findGenericDocument,
  findTemplate,
  findTemplateVersion,
  insertGenericDocument,
  settleGenericFile,
  transitionGenericDocument,
} from '../../infra/db/repositories/documents.repository.js';
import { findSession } from '../../infra/db/repositories/identity-sessions.repository.js';
import { inTransaction, type Executor, type Trx } from '../../infra/db/executor.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { DocumentFileRow, DocumentRow, DocumentStatus } from '../../infra/db/tables/documents.table.js';
import type { ProcessingErrorItem } from '../../infra/db/tables/identity-documents.table.js';
import { unprocessableError } from '../domain-error.model.js';
import type { Actor } from '../events/actor.model.js';
import { recordEvent } from '../events/record-event.js';
import { errorItem } from '../identity/documents/document-error-items.model.js';
import { recordFileEvent } from '../identity/documents/identity-document.transitions.js';
import type { ExtractionConfigValue, FraudConfigValue } from './document-config.model.js';
import type { VerifiedUpload } from '../uploads/upload-target.js';

export interface GenericDocumentRef {
  documentId: string;
  environment: Environment;
}

export async function recordGenericDocumentEvent(trx: Trx, actor: Actor, doc: DocumentRow, event: DocumentStatus | 'redacted'): Promise<void> {
  const classification = doc.classification as { document_class_type?: string } | null;
  const fraud = doc.fraud_result as { score?: string } | null;
  await recordEvent(trx, actor, {
    type: `document.${event}`,
    environment: doc.environment,
    resourceId: doc.id,
    payload: {
      status: doc.status,
      document_template_id: doc.template_id,
      template_version: doc.template_version,
      session_id: doc.session_id,
      error_codes: [...new Set((doc.processing_errors ?? []).map((e) => e.code))],
      document_class_type: classification?.document_class_type ?? null,
      fraud_score: fraud?.score ?? null,
    },
  });
}

async function moveDocument(trx: Trx, actor: Actor, doc: DocumentRow, from: readonly DocumentStatus[], to: DocumentStatus, changes: Record<string, unknown>): Promise<DocumentRow | undefined> {
  const row = await transitionGenericDocument(trx, doc.id, from, { status: to, ...changes });
  if (row) await recordGenericDocumentEvent(trx, actor, row, to);
  return row;
}

export interface NewGenericDocument {
  id: string;
  environment: Environment;
  templateId: string | null;
  sessionId: string | null;
  extractionConfig: ExtractionConfigValue | null;
  fraudConfig: FraudConfigValue | null;
  uploadExpiresAt: Date;
  file: { id: string; filename: string; contentType: string; declaredByteSize: number | null; declaredChecksum: string | null; objectKey: string };
  at: Date;
}

/** Creates a document (pending) with its file record; its template and session must exist in the environment. */
export async function createGenericDocument(db: Executor, actor: Actor, doc: NewGenericDocument): Promise<DocumentRow> {
  return inTransaction(db, async (trx) => {
    let templateVersion: number | null = null;
    if (doc.templateId) {
      const template = await findTemplate(trx, doc.environment, doc.templateId);
      if (!template) throw unprocessableError('document_template_not_found', `Document template ${doc.templateId} does not exist`, '/data/relationships/document_template/data/id');
      templateVersion = template.current_version;
    }
    if (doc.sessionId && !(await findSession(trx, doc.environment, doc.sessionId))) {
      throw unprocessableError('session_not_found', `Session ${doc.sessionId} does not exist`, '/data/relationships/session/data/id');
    }
    const row = await insertGenericDocument(trx, {
      id: doc.id, environment: doc.environment, template_id: doc.templateId, template_version: templateVersion, session_id: doc.sessionId,
      extraction_config: doc.extractionConfig ? JSON.stringify(doc.extractionConfig) : null,
      fraud_config: doc.fraudConfig ? JSON.stringify(doc.fraudConfig) : null,
      upload_expires_at: doc.uploadExpiresAt, created_at: doc.at, updated_at: doc.at,
    }, {
      id: doc.file.id, environment: doc.environment, document_id: doc.id, filename: doc.file.filename, content_type: doc.file.contentType,
      declared_byte_size: doc.file.declaredByteSize, declared_checksum: doc.file.declaredChecksum, object_key: doc.file.objectKey, created_at: doc.at, updated_at: doc.at,
    });
    await recordGenericDocumentEvent(trx, actor, row, 'pending');
    return row;
  });
}

/** The template version a document is processed with (the one it was created against). */
export async function templateVersionOf(db: Executor, doc: DocumentRow) {
  return doc.template_id && doc.template_version ? (await findTemplateVersion(db, doc.template_id, doc.template_version)) ?? null : null;
}

/** Fails a document still in one of `from` with `error`. */
export async function failGenericDocument(db: Executor, actor: Actor, ref: GenericDocumentRef, from: readonly DocumentStatus[], errors: ProcessingErrorItem[], at: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const doc = await findGenericDocument(trx, ref.environment, ref.documentId, { forUpdate: true });
    if (!doc) return false;
    return Boolean(await moveDocument(trx, actor, doc, from, 'failed', { processed_at: at, updated_at: at, processing_errors: appendDocumentErrors(errors) }));
  });
}

export async function acceptGenericFile(db: Executor, actor: Actor, ref: GenericDocumentRef, file: DocumentFileRow, verified: VerifiedUpload, at: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (await settleGenericFile(trx, file.id, 'uploaded', { byte_size: verified.size, checksum: verified.checksum, uploaded_at: at, object_key: verified.objectKey }, at)) {
      await recordFileEvent(trx, actor, ref.environment, file, 'generic', 'uploaded');
    }
  });
}

export async function rejectGenericFile(db: Executor, actor: Actor, ref: GenericDocumentRef, file: DocumentFileRow, error: ProcessingErrorItem, at: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await settleGenericFile(trx, file.id, 'failed', {}, at))) return;
    await trx.updateTable('documents').set({ processing_errors: appendDocumentErrors([error]), updated_at: at }).where('id', '=', ref.documentId).execute();
    await recordFileEvent(trx, actor, ref.environment, file, 'generic', 'failed', error.code);
  });
}

export async function failChangedGenericFile(db: Executor, actor: Actor, ref: GenericDocumentRef, file: DocumentFileRow, at: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if (!(await failVerifiedGenericFile(trx, file.id, at))) return false;
    const error = errorItem('file_changed_after_upload', 'the stored file was replaced after it had been verified; it was deleted', at, { fileId: file.id });
    await trx.updateTable('documents').set({ processing_errors: appendDocumentErrors([error]), updated_at: at }).where('id', '=', ref.documentId).execute();
    await recordFileEvent(trx, actor, ref.environment, file, 'generic', 'failed', error.code);
    return true;
  });
}

/**
 * Once the file is no longer awaited (or its upload address expired — `expire` — and it is expired):
 * without a usable file the document fails; with one it is submitted (`process: true`).
 */
export async function settleGenericDocumentUploads(db: Executor, actor: Actor, ref: GenericDocumentRef, expire: boolean, at: Date): Promise<{ process: boolean }> {
  return inTransaction(db, async (trx) => {
    const doc = await findGenericDocument(trx, ref.environment, ref.documentId, { forUpdate: true });
    if (!doc) return { process: false };
    const files = (await filesOfGenericDocuments(trx, [doc.id])).get(doc.id) ?? [];
    if (expire) {
      for (const file of files.filter((f) => f.status === 'pending_upload')) {
        if (!(await settleGenericFile(trx, file.id, 'expired', {}, at))) continue;
        const error = errorItem('file_not_uploaded', 'no file was uploaded before the upload address expired', at, { fileId: file.id });
        await trx.updateTable('documents').set({ processing_errors: appendDocumentErrors([error]) }).where('id', '=', doc.id).execute();
        await recordFileEvent(trx, actor, ref.environment, file, 'generic', 'expired', error.code);
      }
    }
    const current = (await filesOfGenericDocuments(trx, [doc.id])).get(doc.id) ?? [];
    if (current.some((f) => f.status === 'pending_upload')) return { process: false };
    if (!doc.uploads_settled_at) await trx.updateTable('documents').set({ uploads_settled_at: at, updated_at: at }).where('id', '=', doc.id).execute();
    if (doc.status !== 'pending' || doc.redacted_at) return { process: false };
    if (!current.some((f) => f.status === 'uploaded')) {
      const fresh = (await findGenericDocument(trx, ref.environment, doc.id))!;
      const noFile = errorItem('no_file_uploaded', 'the file was not uploaded and verified; create a new document to try again', at);
      await moveDocument(trx, actor, fresh, ['pending'], 'failed', { processed_at: at, updated_at: at, processing_errors: appendDocumentErrors([noFile]) });
      return { process: false };
    }
    const submitted = await moveDocument(trx, actor, doc, ['pending'], 'submitted', { submitted_at: at, updated_at: at });
    return { process: Boolean(submitted) };
  });
}

/** submitted → processing, with the ids of the workflow that does the work (for the Temporal UI). */
export async function startGenericDocumentProcessing(db: Executor, actor: Actor, ref: GenericDocumentRef, externalIds: { ocr: string; fraud: string | null }, at: Date): Promise<DocumentRow | undefined> {
  return inTransaction(db, async (trx) => {
    const doc = await findGenericDocument(trx, ref.environment, ref.documentId, { forUpdate: true });
    if (!doc || doc.redacted_at) return undefined;
    return moveDocument(trx, actor, doc, ['submitted'], 'processing', { ocr_external_id: externalIds.ocr, fraud_check_external_id: externalIds.fraud, updated_at: at });
  });
}

export interface GenericDocumentResults {
  processed: boolean;
  classification: Record<string, unknown> | null;
  extractedData: Record<string, unknown> | null;
  extractedDataCoordinates: Record<string, unknown> | null;
  fraudResult: Record<string, unknown> | null;
  fraudResultCoordinates: Record<string, unknown> | null;
  errors: ProcessingErrorItem[];
}

/** processing → processed | failed with what processing found; false when the document had left processing. */
export async function storeGenericDocumentResults(db: Executor, actor: Actor, ref: GenericDocumentRef, results: GenericDocumentResults, at: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const doc = await findGenericDocument(trx, ref.environment, ref.documentId, { forUpdate: true });
    if (!doc || doc.redacted_at) return false;
    const json = (v: unknown) => (v === null ? null : JSON.stringify(v));
    return Boolean(await moveDocument(trx, actor, doc, ['processing'], results.processed ? 'processed' : 'failed', {
      classification: json(results.classification),
      extracted_data: json(results.extractedData),
      extracted_data_coordinates: json(results.extractedDataCoordinates),
      fraud_result: json(results.fraudResult),
      fraud_result_coordinates: json(results.fraudResultCoordinates),
      processing_errors: appendDocumentErrors(results.errors),
      processed_at: at,
      updated_at: at,
    }));
  });
}
