/**
 * The document processing activity: for a submitted document, download each verified file to a
 * private temporary folder (checking its bytes still match the verified checksum), run the
 * identity document processor (MRZ) or the proof-of-address processor on it, and store the outcome
 * — processed with the extracted fields, or failed with the processing errors — through the
 * identity document transitions (its event and the session's progress in the same transaction). Personal data never leaves this activity through
 * Temporal: the workflow only learns the resulting status. A document that is no longer submitted
 * (declined, redacted, done) is skipped, and the store is guarded the same way.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { filesOfDocuments, findDocument } from '../../../../infra/db/repositories/identity-documents.repository.js';
import type { IdentityDocumentRow, ProcessingErrorItem } from '../../../../infra/db/tables/identity-documents.table.js';
import type { DocumentProcessingResult } from '../../../../workflows/document-processing/document-processing.contract.js';
import type { ActivityDeps } from '../../../activity-deps.js';
import { systemActor } from '../../../events/actor.model.js';
import { errorItem } from '../document-error-items.model.js';
import { failDocument, storeDocumentProcessing } from '../identity-document.transitions.js';
import { processAddressDocument } from '../processing/address-document.processor.js';
import { processIdentityDocument } from '../processing/identity-document.processor.js';
import type { DocumentRef } from '../identity-document.transitions.js';
import { heartbeatEvery } from './activity-heartbeat.js';
import { storeDocumentCrops } from './document-crops.store.js';
import { addressExtracted, idvExtracted } from './document-fields.js';
import { expectedHolder } from './expected-holder.js';
import { downloadObject } from './object-download.js';

const actor = systemActor('documentProcessingWorkflow');

interface Outcome {
  extracted: Record<string, unknown> | null;
  processed: boolean;
  errors: ProcessingErrorItem[];
}

export function createDocumentProcessingActivities(deps: Pick<ActivityDeps, 'db' | 'storage' | 'clock' | 'logger'>) {
  const { db, storage, clock } = deps;

  async function run(doc: IdentityDocumentRow, dir: string): Promise<Outcome> {
    const files = ((await filesOfDocuments(db, [doc.id])).get(doc.id) ?? []).filter((f) => f.status === 'uploaded');
    const holder = doc.kind === 'address' ? await expectedHolder(db, doc) : {};
    const errors: ProcessingErrorItem[] = [];
    let partial: Record<string, unknown> | null = null;
    for (const file of files) {
      const local = path.join(dir, file.id);
      const downloaded = await downloadObject(storage, file.object_key, local);
      const now = clock();
      if (downloaded.checksum !== file.checksum) {
        errors.push(errorItem('file_changed_after_upload', 'the stored file no longer matches the verified upload', now, { fileId: file.id }));
        continue;
      }
      const item = (e: { code: string; title: string; detail: string }) => errorItem(e.code, e.detail, now, { title: e.title, fileId: file.id });
      if (doc.kind === 'idv') {
        const result = await processIdentityDocument(local, { now });
        if (result.status === 'processed') {
          await storeDocumentCrops(deps, doc, local, result.fields.document_type);
          return { extracted: { ...idvExtracted(result.fields, file.id) }, processed: true, errors: [] };
        }
        errors.push(...result.errors.map(item));
        // A zone that was read but failed a check still tells what the document says.
        if (result.fields && !partial) partial = { ...idvExtracted(result.fields, file.id) };
      } else {
        const result = await processAddressDocument(local, file.content_type, { now, ...holder });
        if (result.status === 'processed') return { extracted: { ...addressExtracted(result, file.id) }, processed: true, errors: [] };
        errors.push(...result.errors.map(item));
      }
    }
    if (files.length === 0) errors.push(errorItem('no_file_uploaded', 'the document has no verified file to process', clock()));
    return { extracted: partial, processed: false, errors };
  }

  return {
    async processDocument(ref: DocumentRef): Promise<DocumentProcessingResult> {
      const doc = await findDocument(db, ref.environment, ref.documentId);
      if (!doc || doc.status !== 'submitted' || doc.redacted_at) return { status: 'skipped' };
      const dir = await mkdtemp(path.join(tmpdir(), 'clearwatch-document-'));
      const stopHeartbeats = heartbeatEvery(2000);
      let outcome: Outcome;
      try {
        outcome = await run(doc, dir);
      } finally {
        stopHeartbeats();
        await rm(dir, { recursive: true, force: true });
      }
      const stored = await storeDocumentProcessing(db, actor, ref, outcome, clock());
      return { status: stored ? (outcome.processed ? 'processed' : 'failed') : 'skipped' };
    },

    /** Stores `failed` with processing_failed when processing kept failing (the workflow calls it after the retries). */
    async failDocumentProcessing(ref: DocumentRef & { detail: string }): Promise<DocumentProcessingResult> {
      const at = clock();
      const failed = await failDocument(db, actor, ref, ['submitted'], errorItem('processing_failed', ref.detail, at), at);
      return { status: failed ? 'failed' : 'skipped' };
    },
  };
}
