/**
 * GET /v1/documents (filter[status], filter[document_template], filter[session]; the platform's
 * pagination) and GET /v1/documents/{id} (fields[document], the spec's sparse fieldset).
 */
import { findGenericDocument, genericDocumentListQuery } from '../../infra/db/repositories/documents.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import { notFound } from '../http/errors.js';
import { pageLinks, pageMeta, paginate, toPageRequest } from '../http/pagination.js';
import { defineRoute, type RouteDefinition } from '../http/route.js';
import { genericDocumentResources } from './document-reader.js';
import { documentDocument, documentIdParams, documentListDocument, getDocumentQuery, listDocumentsQuery } from './document.schemas.js';
import { parseDocumentFields } from './document.serializer.js';

export function readDocumentRoutes(deps: FeatureDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/documents',
      scope: 'documents:read',
      summary: 'List documents',
      description: 'filter[status] (pending, submitted, processing, processed, failed), filter[document_template], filter[session].',
      tag: 'Documents',
      schemas: { query: listDocumentsQuery, responses: { 200: { description: 'A page of documents', schema: documentListDocument } } },
      async handler({ query, ctx, raw }) {
        const base = genericDocumentListQuery(deps.db, ctx.environment, { status: query['filter[status]'], templateId: query['filter[document_template]'], sessionId: query['filter[session]'] });
        const page = await paginate(base, 'documents', toPageRequest(query));
        const meta = pageMeta(page);
        return { status: 200, body: { data: await genericDocumentResources(deps.db, deps.storage, page.rows), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/documents/{id}',
      scope: 'documents:read',
      summary: 'Get a document (sparse fieldsets with fields[document])',
      tag: 'Documents',
      schemas: { params: documentIdParams, query: getDocumentQuery, responses: { 200: { description: 'The document', schema: documentDocument } } },
      async handler({ params, query, ctx }) {
        const fields = parseDocumentFields(query['fields[document]']);
        const doc = await findGenericDocument(deps.db, ctx.environment, params.id);
        if (!doc) throw notFound('Document', params.id);
        const [resource] = await genericDocumentResources(deps.db, deps.storage, [doc], fields);
        return { status: 200, body: { data: resource } };
      },
    }),
  ];
}
