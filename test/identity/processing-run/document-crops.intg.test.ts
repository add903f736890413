// The processing activity on a real database and bucket: a passport's portrait and signature are
// stored as the document's crop file records, next to its upload, without joining its uploads;
// a retried run replaces them; an identity card gets none.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cropsOfDocuments, filesOfDocuments, insertDocument, settleFile } from '../../../infra/db/repositories/identity-documents.repository.js';
import type { ObjectStorage } from '../../../infra/storage/object-storage.js';
import { randomPhotoSpecs } from '../processing/fixtures/photos/document-photo.specs.js';
import { renderDocumentPhoto } from '../processing/fixtures/photos/document-photo.renderer.js';
import { identityActivitiesFor, testStorage } from '../support/identity-test-context.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

const now = new Date('2026-03-20T12:00:00Z');
let tdb: TestDatabase;
let storage: ObjectStorage;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'document-crops-'));
  tdb = await createTestDatabase();
  storage = testStorage();
  await storage.ensureBucket();
});
afterAll(async () => {
  await tdb?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A submitted identity document whose one file (a generated photo) is uploaded and verified. */
async function submittedDocument(shape: 'td3' | 'td1', seed: number): Promise<{ id: string; uploadId: string }> {
  const spec = randomPhotoSpecs(2, seed, now, ['tilt']).find((s) => s.shape === shape)!;
  const photo = await readFile((await renderDocumentPhoto(spec, dir)).file);
  const id = randomUUID();
  const uploadId = randomUUID();
  const key = `staging/documents/${id}/${uploadId}`;
  await storage.putObject(key, photo, 'image/png');
  await tdb.db.transaction().execute(async (trx) => {
    await insertDocument(trx, { id, environment: 'staging', kind: 'idv', accountId: null, sessionId: null, submitRequested: true, uploadExpiresAt: null, at: now }, [
      { id: uploadId, position: 0, filename: 'page.png', contentType: 'image/png', declaredByteSize: null, declaredChecksum: null, objectKey: key },
    ]);
    await settleFile(trx, uploadId, 'uploaded', { byte_size: photo.length, checksum: sha256(photo), uploaded_at: now }, now);
    await trx.updateTable('identity_documents').set({ status: 'submitted', submitted_at: now }).where('id', '=', id).execute();
  });
  return { id, uploadId };
}

async function storedObject(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.getObject(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('portrait and signature of processed passports', () => {
  it('stores both crops as file records of the document, apart from its uploads', async () => {
    const doc = await submittedDocument('td3', 501);
    const activities = identityActivitiesFor(tdb.db, storage, () => now);
    expect(await activities.processDocument({ environment: 'staging', documentId: doc.id })).toEqual({ status: 'processed' });

    const uploads = (await filesOfDocuments(tdb.db, [doc.id])).get(doc.id)!;
    expect(uploads.map((f) => f.id)).toEqual([doc.uploadId]);
    const crops = (await cropsOfDocuments(tdb.db, [doc.id])).get(doc.id)!;
    expect(crops.map((c) => [c.role, c.filename, c.content_type, c.status]).sort()).toEqual([
      ['portrait', 'portrait.png', 'image/png', 'uploaded'],
      ['signature', 'signature.png', 'image/png', 'uploaded'],
    ]);
    for (const crop of crops) {
      expect(crop.object_key.startsWith(`staging/documents/${doc.id}/`)).toBe(true);
      const bytes = await storedObject(crop.object_key);
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect([bytes.length, sha256(bytes)]).toEqual([crop.byte_size, crop.checksum]);
    }

    // A retried run (the document back in submitted) replaces the crops rather than adding more.
    await tdb.db.updateTable('identity_documents').set({ status: 'submitted' }).where('id', '=', doc.id).execute();
    expect(await activities.processDocument({ environment: 'staging', documentId: doc.id })).toEqual({ status: 'processed' });
    const again = (await cropsOfDocuments(tdb.db, [doc.id])).get(doc.id)!;
    expect(again.map((c) => [c.id, c.object_key]).sort()).toEqual(crops.map((c) => [c.id, c.object_key]).sort());
  });

  it('cuts nothing out of an identity card', async () => {
    const doc = await submittedDocument('td1', 502);
    const activities = identityActivitiesFor(tdb.db, storage, () => now);
    expect(await activities.processDocument({ environment: 'staging', documentId: doc.id })).toEqual({ status: 'processed' });
    expect((await cropsOfDocuments(tdb.db, [doc.id])).get(doc.id)).toBeUndefined();
  });
});
