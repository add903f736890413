/** Reads generic documents with what their resources need (file, template version), one query per kind for a page. */
import { filesOfGenericDocuments } from '../../infra/db/repositories/documents.repository.js';
import type { Db } from '../../infra/db/create-db.js';
import type { DocumentRow } from '../../infra/db/tables/documents.table.js';
import type { DocumentTemplateVersionRow } from '../../infra/db/tables/document-templates.table.js';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import { toGenericDocumentResource } from './document.serializer.js';

export async function genericDocumentResources(db: Db, storage: ObjectStorage, docs: readonly DocumentRow[], fields: Set<string> | null = null) {
  const files = await filesOfGenericDocuments(db, docs.map((d) => d.id));
  const wanted = docs.filter((d) => d.template_id && d.template_version);
  const versions = new Map<string, DocumentTemplateVersionRow>();
  if (wanted.length > 0) {
    const rows = await db
      .selectFrom('document_template_versions')
      .selectAll()
      .where((eb) => eb.or(wanted.map((d) => eb.and([eb('template_id', '=', d.template_id!), eb('version', '=', d.template_version!)]))))
      .execute();
    for (const row of rows) versions.set(`${row.template_id}:${row.version}`, row);
  }
  return Promise.all(docs.map((d) => toGenericDocumentResource(storage, d, files.get(d.id)?.[0], versions.get(`${d.template_id}:${d.template_version}`) ?? null, fields)));
}
