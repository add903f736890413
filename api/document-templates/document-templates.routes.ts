/**
 * Document templates: POST (document_templates:write), GET list and one (document_templates:read),
 * PATCH (document_templates:write) — a PATCH makes a new version; documents created afterwards use
 * it, earlier ones keep theirs. The extraction schema must be a JSON Schema object (422 with a
 * pointer into it otherwise).
 */
import { createDocumentTemplate, updateDocumentTemplate } from '../../activities/documents/document-template.transitions.js';
import type { ExtractionConfigValue, FraudConfigValue } from '../../activities/documents/document-config.model.js';
import { currentTemplateVersions, findTemplate, templateListQuery } from '../../infra/db/repositories/documents.repository.js';
import type { DocumentTemplateRow, DocumentTemplateVersionRow } from '../../infra/db/tables/document-templates.table.js';
import type { FeatureDeps } from '../feature-deps.js';
import { notFound } from '../http/errors.js';
import { pageLinks, pageMeta, paginate, toPageRequest } from '../http/pagination.js';
import { defineRoute, type RouteDefinition } from '../http/route.js';
import { createTemplateBody, listTemplatesQuery, templateDocument, templateIdParams, templateListDocument, updateTemplateBody } from './document-template.schemas.js';

function toTemplateResource(template: DocumentTemplateRow, version: DocumentTemplateVersionRow) {
  return {
    type: 'document-template' as const,
    id: template.id,
    attributes: {
      name: template.name,
      description: template.description,
      document_class_type: template.document_class_type,
      version: template.current_version,
      extraction_config: version.extraction_config,
      fraud_config: version.fraud_config,
      created_at: template.created_at.toISOString(),
      updated_at: template.updated_at.toISOString(),
    },
  };
}

const extraction = (c: { enabled: boolean; schema?: Record<string, unknown> | null | undefined; extraction_rules?: string | null | undefined }): ExtractionConfigValue =>
  ({ enabled: c.enabled, schema: c.schema ?? null, extraction_rules: c.extraction_rules ?? null });

export function documentTemplateRoutes(deps: FeatureDeps): RouteDefinition[] {
  const path = (id: string) => `/v1/document-templates/${id}`;
  return [
    defineRoute({
      method: 'post',
      path: '/v1/document-templates',
      scope: 'document_templates:write',
      summary: 'Create a document template',
      tag: 'Documents',
      schemas: { body: createTemplateBody, responses: { 201: { description: 'The template (version 1)', schema: templateDocument } } },
      async handler({ body, ctx }) {
        const a = body.data.attributes;
        const { template, version } = await createDocumentTemplate(deps.db, ctx.actor, ctx.environment, {
          name: a.name, description: a.description ?? null, documentClassType: a.document_class_type ?? null,
          extractionConfig: extraction(a.extraction_config), fraudConfig: a.fraud_config as FraudConfigValue,
        }, deps.clock());
        return { status: 201, body: { data: toTemplateResource(template, version) }, headers: { Location: path(template.id) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/document-templates',
      scope: 'document_templates:read',
      summary: 'List document templates',
      tag: 'Documents',
      schemas: { query: listTemplatesQuery, responses: { 200: { description: 'A page of templates', schema: templateListDocument } } },
      async handler({ query, ctx, raw }) {
        const page = await paginate(templateListQuery(deps.db, ctx.environment), 'document_templates', toPageRequest(query));
        const versions = await currentTemplateVersions(deps.db, page.rows);
        const meta = pageMeta(page);
        return { status: 200, body: { data: page.rows.map((t) => toTemplateResource(t, versions.get(t.id)!)), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/document-templates/{id}',
      scope: 'document_templates:read',
      summary: 'Get a document template',
      tag: 'Documents',
      schemas: { params: templateIdParams, responses: { 200: { description: 'The template at its current version', schema: templateDocument } } },
      async handler({ params, ctx }) {
        const template = await findTemplate(deps.db, ctx.environment, params.id);
        if (!template) throw notFound('Document template', params.id);
        const versions = await currentTemplateVersions(deps.db, [template]);
        return { status: 200, body: { data: toTemplateResource(template, versions.get(template.id)!) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/document-templates/{id}',
      scope: 'document_templates:write',
      summary: 'Update a document template (makes a new version)',
      tag: 'Documents',
      schemas: { params: templateIdParams, body: updateTemplateBody, responses: { 200: { description: 'The template at its new version', schema: templateDocument } } },
      async handler({ params, body, ctx }) {
        const a = body.data.attributes;
        const { template, version } = await updateDocumentTemplate(deps.db, ctx.actor, ctx.environment, params.id, {
          ...(a.name !== undefined ? { name: a.name } : {}),
          ...(a.description !== undefined ? { description: a.description ?? null } : {}),
          ...(a.document_class_type !== undefined ? { documentClassType: a.document_class_type ?? null } : {}),
          ...(a.extraction_config ? { extractionConfig: extraction(a.extraction_config) } : {}),
          ...(a.fraud_config ? { fraudConfig: a.fraud_config as FraudConfigValue } : {}),
        }, deps.clock());
        return { status: 200, body: { data: toTemplateResource(template, version) } };
      },
    }),
  ];
}
