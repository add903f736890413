/**
 * GET lists and GET by id for both document kinds (same filters: filter[account], filter[session],
 * filter[status]; page[size] default 15, page[after], page[before], page[include_total]).
 */
import { documentListQuery } from '../../../infra/db/repositories/identity-documents.repository.js';
import type { IdentityDocumentKind } from '../../../infra/db/tables/identity-documents.table.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { pageLinks, pageMeta, paginate, toPageRequest } from '../../http/pagination.js';
import { defineRoute } from '../../http/route.js';
import { resourceEnvelope } from '../shared/identity-envelope.schemas.js';
import { idParams } from '../shared/identity-shapes.schemas.js';
import { documentResourceById, documentResources } from './document-reader.js';
import { addressDocument, addressListDocument, idvDocument, idvListDocument, listDocumentsQuery } from './document.schemas.js';
import { documentCollectionPath, documentPath } from './document.serializer.js';

const LABEL: Record<IdentityDocumentKind, string> = { idv: 'identity document verifications', address: 'proofs of address' };

export function listDocumentsRoute(deps: FeatureDeps, kind: IdentityDocumentKind) {
  return defineRoute({
    method: 'get',
    auditReads: true,
    path: documentCollectionPath(kind),
    scope: 'identity:read',
    summary: `List ${LABEL[kind]}`,
    description: 'filter[account], filter[session] (ids), filter[status] (pending, submitted, processed, failed); page[size] (default 15), page[after], page[before], page[include_total].',
    tag: 'Identity',
    schemas: { query: listDocumentsQuery, responses: { 200: { description: 'A page of documents', schema: kind === 'idv' ? idvListDocument : addressListDocument } } },
    async handler({ query, ctx, raw }) {
      const base = documentListQuery(deps.db, ctx.environment, kind, {
        accountId: query['filter[account]'], sessionId: query['filter[session]'], status: query['filter[status]'],
      });
      const page = await paginate(base, 'identity_documents', toPageRequest(query));
      const meta = pageMeta(page);
      return { status: 200, body: { data: await documentResources(deps.db, deps.storage, page.rows), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
    },
  });
}

export function getDocumentRoute(deps: FeatureDeps, kind: IdentityDocumentKind) {
  return defineRoute({
    method: 'get',
    auditReads: true,
    path: `${documentCollectionPath(kind)}/{id}`,
    scope: 'identity:read',
    summary: `Get one of the ${LABEL[kind]}`,
    description: 'File records carry a presigned download url (300 seconds) while the file is uploaded.',
    tag: 'Identity',
    schemas: { params: idParams, responses: { 200: { description: 'The document', schema: kind === 'idv' ? idvDocument : addressDocument } } },
    async handler({ params, ctx }) {
      const resource = await documentResourceById(deps.db, deps.storage, ctx.environment, kind, params.id);
      return { status: 200, body: resourceEnvelope(resource, documentPath(kind, params.id)) };
    },
  });
}
