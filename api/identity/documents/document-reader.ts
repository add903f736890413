/** Reads documents with their files and serializes them: the one path every document route answers through. */
import { cropsOfDocuments, filesOfDocuments, findDocument } from '../../../infra/db/repositories/identity-documents.repository.js';
import type { Db } from '../../../infra/db/create-db.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import type { IdentityDocumentKind, IdentityDocumentRow } from '../../../infra/db/tables/identity-documents.table.js';
import type { ObjectStorage } from '../../../infra/storage/object-storage.js';
import { notFound } from '../../http/errors.js';
import { toDocumentResource } from './document.serializer.js';

export async function documentResources(db: Db, storage: ObjectStorage, rows: readonly IdentityDocumentRow[]) {
  const ids = rows.map((r) => r.id);
  const [files, crops] = await Promise.all([filesOfDocuments(db, ids), cropsOfDocuments(db, ids)]);
  return Promise.all(rows.map((row) => toDocumentResource(storage, row, files.get(row.id) ?? [], crops.get(row.id) ?? [])));
}

export async function documentResourceById(db: Db, storage: ObjectStorage, environment: Environment, kind: IdentityDocumentKind, id: string) {
  const row = await findDocument(db, environment, id, { kind });
  if (!row) throw notFound(kind === 'idv' ? 'Document IDV' : 'Document address', id);
  const [resource] = await documentResources(db, storage, [row]);
  return resource!;
}
