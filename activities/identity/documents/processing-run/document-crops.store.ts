/**
 * Stores the portrait and signature of a processed TD3 passport page: cut out of the file whose
 * zone was read (processing/page-crops), put next to the document's uploads in the bucket and
 * recorded as the document's file records with roles `portrait` and `signature` (one each; a
 * retried run replaces them). Only while the document is still being processed and not redacted,
 * checked under the document's lock; a redaction afterwards removes them with the other files.
 * Other document types and pages without a readable zone get no crops; that is not an error.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ActivityDeps } from '../../../activity-deps.js';
import { cropObjectKey, findDocument, recordDocumentCrop, type DocumentCrop } from '../../../../infra/db/repositories/identity-documents.repository.js';
import type { IdentityDocumentRow } from '../../../../infra/db/tables/identity-documents.table.js';
import { cropTd3Page, type PageCrop } from '../processing/page-crops/td3-page.cropper.js';

export interface StoredCrops {
  stored: DocumentCrop['role'][];
}

export async function storeDocumentCrops(
  deps: Pick<ActivityDeps, 'db' | 'storage' | 'clock'>, doc: Pick<IdentityDocumentRow, 'id' | 'environment' | 'kind'>, localFile: string, documentType: string,
): Promise<StoredCrops> {
  if (doc.kind !== 'idv' || documentType !== 'passport') return { stored: [] };
  const crops = await cropTd3Page(localFile, { now: deps.clock() });
  if (!crops.ok) return { stored: [] };
  const stored: DocumentCrop['role'][] = [];
  for (const [role, crop] of [['portrait', crops.portrait], ['signature', crops.signature]] as const) {
    if (await storeCrop(deps, doc, role, crop)) stored.push(role);
  }
  return { stored };
}

async function storeCrop(deps: Pick<ActivityDeps, 'db' | 'storage' | 'clock'>, doc: Pick<IdentityDocumentRow, 'id' | 'environment'>, role: DocumentCrop['role'], crop: PageCrop): Promise<boolean> {
  const newId = randomUUID();
  return deps.db.transaction().execute(async (trx) => {
    const current = await findDocument(trx, doc.environment, doc.id, { forUpdate: true });
    if (!current || current.status !== 'submitted' || current.redacted_at) return false;
    const key = await cropObjectKey(trx, doc, role, newId);
    await deps.storage.putObject(key, crop.png, 'image/png');
    const checksum = createHash('sha256').update(crop.png).digest('hex');
    await recordDocumentCrop(trx, doc, { role, byteSize: crop.png.length, checksum }, key, newId, deps.clock());
    return true;
  });
}
