/**
 * The activities of the upload workflow: check the files still awaiting upload (verify and accept,
 * or reject and delete, what has arrived), settle the document once no file is awaited (expire
 * what never came; fail the document if nothing usable arrived, or submit it for processing when
 * it is an identity document or its submission was requested), and sweep the document's prefix
 * after the upload addresses expired (late or repeated uploads are deleted, and a verified file
 * whose bytes changed is failed and deleted). Every change goes through the identity document
 * transitions (guarded by the current status, recorded with its event), so retries and replays
 * change nothing twice.
 */
import { filesOfDocuments, findDocument } from '../../../../infra/db/repositories/identity-documents.repository.js';
import type { ActivityDeps } from '../../../activity-deps.js';
import { systemActor } from '../../../events/actor.model.js';
import { errorItem } from '../document-error-items.model.js';
import { acceptUploadedFile, failChangedFile, rejectUploadedFile, settleDocumentUploads, type DocumentRef } from '../identity-document.transitions.js';
import { digest, verifyStoredObject } from './stored-object.verifier.js';

export type { DocumentRef };

const actor = systemActor('documentUploadWorkflow');

export function createDocumentUploadActivities(deps: Pick<ActivityDeps, 'db' | 'storage' | 'clock' | 'logger'>) {
  const { db, storage, clock } = deps;

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
          await rejectUploadedFile(db, actor, ref, doc.kind, file, errorItem(result.code, result.detail, at, { fileId: file.id }), at);
          await storage.removeObject(file.object_key);
          continue;
        }
        await acceptUploadedFile(db, actor, ref, doc.kind, file, { size: result.size, checksum: result.checksum }, at);
      }
      return { pending };
    },

    async settleDocumentUploads(input: DocumentRef & { expire: boolean }): Promise<{ process: boolean }> {
      return settleDocumentUploads(db, actor, { documentId: input.documentId, environment: input.environment }, input.expire, clock());
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
          await failChangedFile(db, actor, ref, doc.kind, file, clock());
          changed += 1;
        }
        await storage.removeObject(file.object_key);
        removed += 1;
      }
      return { removed, changed };
    },
  };
}
