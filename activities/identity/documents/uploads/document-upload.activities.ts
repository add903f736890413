/**
 * The activities of the upload workflow: check the files still awaiting upload (verify and accept,
 * or reject and delete, what has arrived), settle the document once no file is awaited (expire
 * what never came; fail the document if nothing usable arrived, or submit it for processing when
 * it is an identity document or its submission was requested), and sweep the document's prefix
 * after the upload addresses expired (late or repeated uploads are deleted, and a verified file
 * whose bytes changed is failed and deleted). Every change is guarded by the current status and
 * written with its outbox event, so retries and replays change nothing twice.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../../../infra/db/database.js';
import { appendErrors, filesOfDocuments, findDocument, settleFile, transitionDocument } from '../../../../infra/db/repositories/identity-documents.repository.js';
import { writeOutboxEvent } from '../../../../infra/db/repositories/outbox.repository.js';
import type { Environment } from '../../../../infra/db/tables/common.js';
import type { IdentityDocumentFileRow } from '../../../../infra/db/tables/identity-document-files.table.js';
import type { ProcessingErrorItem } from '../../../../infra/db/tables/identity-documents.table.js';
import type { ActivityDeps } from '../../../activity-deps.js';
import { refreshSessionOutcome } from '../../sessions/session-progress.js';
import { errorItem } from '../document-error-items.js';
import { digest, verifyStoredObject } from './stored-object.verifier.js';

export interface DocumentRef {
  documentId: string;
  environment: Environment;
}

export function createDocumentUploadActivities(deps: Pick<ActivityDeps, 'db' | 'storage' | 'clock' | 'logger'>) {
  const { db, storage, clock } = deps;

  async function rejectFile(trx: Transaction<Database>, ref: DocumentRef, kind: string, file: IdentityDocumentFileRow, error: ProcessingErrorItem, at: Date) {
    if (!(await settleFile(trx, file.id, 'failed', {}, at))) return;
    await trx.updateTable('identity_documents').set({ processing_errors: appendErrors([error]), updated_at: at }).where('id', '=', ref.documentId).execute();
    await writeOutboxEvent(trx, { environment: ref.environment, resourceType: 'document_file', resourceId: file.id, status: 'failed', payload: { event: error.code, document_id: ref.documentId, document_type: `document/${kind}` } });
  }

  return {
    async checkDocumentUploads(ref: DocumentRef): Promise<{ pending: number }> {
      const doc = await findDocument(db, ref.environment, ref.documentId);
      if (!doc) return { pending: 0 };
      const files = ((await filesOfDocuments(db, [doc.id])).get(doc.id) ?? []).filter((f) => f.status === 'pending_upload');
      let pending = 0;
      for (const file of files) {
        const result = await verifyStoredObject(storage, file.object_key, { contentType: file.content_type, byteSize: file.declared_byte_size, checksum: file.declared_checksum });
        if (result.outcome === 'missing') {
          pending += 1;
          continue;
        }
        const at = clock();
        if (result.outcome === 'rejected') {
          await db.transaction().execute((trx) => rejectFile(trx, ref, doc.kind, file, errorItem(result.code, result.detail, at, { fileId: file.id }), at));
          await storage.removeObject(file.object_key);
          continue;
        }
        await db.transaction().execute(async (trx) => {
          const row = await settleFile(trx, file.id, 'uploaded', { byte_size: result.size, checksum: result.checksum, uploaded_at: at }, at);
          if (row) await writeOutboxEvent(trx, { environment: ref.environment, resourceType: 'document_file', resourceId: file.id, status: 'uploaded', payload: { event: 'uploaded', document_id: doc.id } });
        });
      }
      return { pending };
    },

    async settleDocumentUploads(input: DocumentRef & { expire: boolean }): Promise<{ process: boolean }> {
      const at = clock();
      return db.transaction().execute(async (trx) => {
        const doc = await findDocument(trx, input.environment, input.documentId, { forUpdate: true });
        if (!doc) return { process: false };
        const files = (await filesOfDocuments(trx, [doc.id])).get(doc.id) ?? [];
        if (input.expire) {
          for (const file of files.filter((f) => f.status === 'pending_upload')) {
            if (!(await settleFile(trx, file.id, 'expired', {}, at))) continue;
            const error = errorItem('file_not_uploaded', 'no file was uploaded before the upload address expired', at, { fileId: file.id });
            await trx.updateTable('identity_documents').set({ processing_errors: appendErrors([error]) }).where('id', '=', doc.id).execute();
            await writeOutboxEvent(trx, { environment: input.environment, resourceType: 'document_file', resourceId: file.id, status: 'expired', payload: { event: 'expired', document_id: doc.id } });
          }
        }
        const current = (await filesOfDocuments(trx, [doc.id])).get(doc.id) ?? [];
        if (current.some((f) => f.status === 'pending_upload')) return { process: false };
        if (!doc.uploads_settled_at) await trx.updateTable('identity_documents').set({ uploads_settled_at: at, updated_at: at }).where('id', '=', doc.id).execute();
        if (doc.status !== 'pending' || doc.redacted_at) return { process: false };
        const event = (status: string, name: string) =>
          writeOutboxEvent(trx, { environment: input.environment, resourceType: `document/${doc.kind}`, resourceId: doc.id, status, payload: { event: name } });
        if (!current.some((f) => f.status === 'uploaded')) {
          const error = errorItem('no_file_uploaded', 'none of the document\'s files was uploaded and verified; create a new document to try again', at);
          const failed = await transitionDocument(trx, doc.id, ['pending'], { status: 'failed', processed_at: at, updated_at: at, processing_errors: appendErrors([error]) });
          if (failed) {
            await event('failed', 'no_file_uploaded');
            await refreshSessionOutcome(trx, input.environment, doc.session_id, at);
          }
          return { process: false };
        }
        if (doc.kind === 'address' && !doc.submit_requested) return { process: false };
        const submitted = await transitionDocument(trx, doc.id, ['pending'], { status: 'submitted', submitted_at: at, updated_at: at });
        if (submitted) await event('submitted', 'submitted');
        return { process: Boolean(submitted) };
      });
    },

    async sweepDocumentUploads(ref: DocumentRef): Promise<{ removed: number; changed: number }> {
      const doc = await findDocument(db, ref.environment, ref.documentId);
      const files = doc ? ((await filesOfDocuments(db, [doc.id])).get(doc.id) ?? []) : [];
      let removed = 0;
      let changed = 0;
      for (const file of files) {
        const stored = await storage.stat(file.object_key);
        if (!stored) continue;
        if (file.status === 'uploaded' && doc && !doc.redacted_at) {
          if ((await digest(storage, file.object_key)).checksum === file.checksum) continue;
          const at = clock();
          await db.transaction().execute(async (trx) => {
            const row = await trx.updateTable('identity_document_files').set({ status: 'failed', updated_at: at }).where('id', '=', file.id).where('status', '=', 'uploaded').returning('id').executeTakeFirst();
            if (!row) return;
            const error = errorItem('file_changed_after_upload', 'the stored file was replaced after it had been verified; it was deleted', at, { fileId: file.id });
            await trx.updateTable('identity_documents').set({ processing_errors: appendErrors([error]), updated_at: at }).where('id', '=', doc.id).execute();
            await writeOutboxEvent(trx, { environment: ref.environment, resourceType: 'document_file', resourceId: file.id, status: 'failed', payload: { event: 'file_changed_after_upload', document_id: doc.id } });
          });
          changed += 1;
        }
        await storage.removeObject(file.object_key);
        removed += 1;
      }
      return { removed, changed };
    },
  };
}
