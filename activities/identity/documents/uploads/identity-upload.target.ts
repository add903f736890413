/** Identity documents (document/idv, document/address) as a target of the shared upload watch. */
import type { Db } from '../../../../infra/db/create-db.js';
import { filesOfDocuments, findDocument } from '../../../../infra/db/repositories/identity-documents.repository.js';
import { systemActor } from '../../../events/actor.model.js';
import { IDENTITY_UPLOADS } from '../../../uploads/upload-policy.model.js';
import type { UploadTarget } from '../../../uploads/upload-target.js';
import { acceptUploadedFile, failChangedFile, rejectUploadedFile, settleDocumentUploads } from '../identity-document.transitions.js';

const actor = systemActor('documentUploadWorkflow');

export function identityUploadTarget(db: Db): UploadTarget {
  const kindOf = async (ref: { documentId: string; environment: 'production' | 'staging' }) => (await findDocument(db, ref.environment, ref.documentId))?.kind ?? 'idv';
  return {
    async load(ref) {
      const doc = await findDocument(db, ref.environment, ref.documentId);
      if (!doc) return undefined;
      const files = (await filesOfDocuments(db, [doc.id])).get(doc.id) ?? [];
      return { files, redacted: Boolean(doc.redacted_at), maxBytes: IDENTITY_UPLOADS[doc.kind].maxFileBytes };
    },
    accept: async (ref, file, verified, at) => acceptUploadedFile(db, actor, ref, await kindOf(ref), file as never, verified, at),
    reject: async (ref, file, error, at) => rejectUploadedFile(db, actor, ref, await kindOf(ref), file as never, error, at),
    failChanged: async (ref, file, at) => failChangedFile(db, actor, ref, await kindOf(ref), file as never, at),
    settle: (ref, expire, at) => settleDocumentUploads(db, actor, ref, expire, at),
  };
}
