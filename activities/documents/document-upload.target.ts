/** Generic documents as a target of the shared upload watch. */
import type { Db } from '../../infra/db/create-db.js';
import { filesOfGenericDocuments, findGenericDocument } from '../../infra/db/repositories/documents.repository.js';
import type { DocumentFileRow } from '../../infra/db/tables/documents.table.js';
import { systemActor } from '../events/actor.model.js';
import { DOCUMENT_UPLOADS } from '../uploads/upload-policy.model.js';
import type { UploadTarget } from '../uploads/upload-target.js';
import { acceptGenericFile, failChangedGenericFile, rejectGenericFile, settleGenericDocumentUploads } from './document.transitions.js';

const actor = systemActor('documentUploadWorkflow');

export function genericDocumentUploadTarget(db: Db): UploadTarget {
  return {
    async load(ref) {
      const doc = await findGenericDocument(db, ref.environment, ref.documentId);
      if (!doc) return undefined;
      const files = (await filesOfGenericDocuments(db, [doc.id])).get(doc.id) ?? [];
      return { files, redacted: Boolean(doc.redacted_at), maxBytes: DOCUMENT_UPLOADS.maxFileBytes };
    },
    accept: (ref, file, verified, at) => acceptGenericFile(db, actor, ref, file as DocumentFileRow, verified, at),
    reject: (ref, file, error, at) => rejectGenericFile(db, actor, ref, file as DocumentFileRow, error, at),
    failChanged: (ref, file, at) => failChangedGenericFile(db, actor, ref, file as DocumentFileRow, at),
    settle: (ref, expire, at) => settleGenericDocumentUploads(db, actor, ref, expire, at),
  };
}
