/**
 * The activities of the upload watch workflow, for every family of documents: check the files
 * still awaiting upload (verify and accept, or reject and delete, what has arrived), settle the
 * document once no file is awaited (through its family's transitions), and sweep the document's
 * objects after the upload addresses expired (late or repeated uploads are deleted). A verified
 * file is kept as a copy at a key no upload address can write (keptObjectKey), and its record
 * names that copy; files verified before copies were kept name the upload key, and one of those
 * whose bytes changed is failed and deleted by the sweep. `family` (absent: identity) picks the target.
 */
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import type { UploadFamily } from '../../workflows/document-upload/document-upload.contract.js';
import { errorItem } from '../identity/documents/document-error-items.model.js';
import { keptObjectKey, uploadObjectKey } from './object-keys.model.js';
import { digest, verifyStoredObject } from './stored-object.verifier.js';
import type { UploadRef, UploadTarget } from './upload-target.js';

export type UploadWatchRef = UploadRef & { family?: UploadFamily };

export function createUploadWatchActivities(deps: { storage: ObjectStorage; clock: () => Date }, targets: Record<UploadFamily, UploadTarget>) {
  const { storage, clock } = deps;
  const targetOf = (ref: UploadWatchRef) => targets[ref.family ?? 'identity'];
  const refOf = (ref: UploadWatchRef): UploadRef => ({ documentId: ref.documentId, environment: ref.environment });

  return {
    async checkDocumentUploads(input: UploadWatchRef): Promise<{ pending: number }> {
      const target = targetOf(input);
      const ref = refOf(input);
      const doc = await target.load(ref);
      if (!doc) return { pending: 0 };
      let pending = 0;
      for (const file of doc.files.filter((f) => f.status === 'pending_upload')) {
        const uploaded = await storage.stat(file.object_key);
        if (!uploaded) {
          pending += 1;
          continue;
        }
        // The bytes judged are a copy at a key no upload address can write, and that copy is what
        // is kept, processed and served, whatever is put through the address afterwards. A file
        // over the limit is refused on its size alone, without copying it.
        const kept = keptObjectKey(file.object_key);
        const judged = uploaded.size > doc.maxBytes ? file.object_key : (await storage.copyObject(file.object_key, kept)) ? kept : undefined;
        const result = judged === undefined ? ({ outcome: 'missing' } as const) : await verifyStoredObject(storage, judged, {
          contentType: file.content_type, byteSize: file.declared_byte_size, checksum: file.declared_checksum, maxBytes: doc.maxBytes,
        });
        if (result.outcome === 'missing') {
          pending += 1;
          continue;
        }
        const at = clock();
        if (result.outcome === 'rejected') {
          await target.reject(ref, file, errorItem(result.code, result.detail, at, { fileId: file.id }), at);
          await storage.removeObject(file.object_key);
          if (judged === kept) await storage.removeObject(kept);
          continue;
        }
        await target.accept(ref, file, { size: result.size, checksum: result.checksum, objectKey: kept }, at);
        await storage.removeObject(file.object_key);
      }
      return { pending };
    },

    async settleDocumentUploads(input: UploadWatchRef & { expire: boolean }): Promise<{ process: boolean }> {
      return targetOf(input).settle(refOf(input), input.expire, clock());
    },

    async sweepDocumentUploads(input: UploadWatchRef): Promise<{ removed: number; changed: number }> {
      const target = targetOf(input);
      const ref = refOf(input);
      const doc = await target.load(ref);
      let removed = 0;
      let changed = 0;
      for (const file of doc?.files ?? []) {
        const uploadKey = uploadObjectKey(file.object_key);
        if (uploadKey !== file.object_key) {
          // The verified copy is kept elsewhere: whatever is at the upload address now was put
          // there after verification (a repeated upload), and is only deleted.
          if (await storage.stat(uploadKey)) {
            await storage.removeObject(uploadKey);
            removed += 1;
          }
          continue;
        }
        const stored = await storage.stat(file.object_key);
        if (!stored) continue;
        if (file.status === 'uploaded' && doc && !doc.redacted) {
          if ((await digest(storage, file.object_key)).checksum === file.checksum) continue;
          await target.failChanged(ref, file, clock());
          changed += 1;
        }
        await storage.removeObject(file.object_key);
        removed += 1;
      }
      return { removed, changed };
    },
  };
}
