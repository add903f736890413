/**
 * GET /v1/website-checks and GET /v1/website-checks/{id} under `website_checks:read` (a scope the
 * spec does not name: it names only POST; reading results needs one). Lists filter by status,
 * risk_level and business_id.
 */
import { findWebsiteCheck, websiteCheckListQuery } from '../../infra/db/repositories/website-checks.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import { notFound } from '../http/errors.js';
import { pageLinks, pageMeta, paginate, toPageRequest } from '../http/pagination.js';
import { defineRoute } from '../http/route.js';
import { listWebsiteChecksQuery, websiteCheckDocument, websiteCheckIdParams, websiteCheckListDocument } from './website-check.schemas.js';
import { toWebsiteCheckResource } from './website-check.serializer.js';

export function websiteCheckReadRoutes(deps: FeatureDeps) {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/website-checks',
      scope: 'website_checks:read',
      summary: 'List website checks',
      description: 'filter[status] (pending, completed, failed), filter[risk_level] (low, medium, high), filter[business_id].',
      tag: 'Website checks',
      schemas: { query: listWebsiteChecksQuery, responses: { 200: { description: 'A page of website checks', schema: websiteCheckListDocument } } },
      async handler({ query, ctx, raw }) {
        const base = websiteCheckListQuery(deps.db, ctx.environment, { status: query['filter[status]'], riskLevel: query['filter[risk_level]'], businessId: query['filter[business_id]'] });
        const page = await paginate(base, 'website_checks', toPageRequest(query));
        const meta = pageMeta(page);
        return { status: 200, body: { data: page.rows.map(toWebsiteCheckResource), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/website-checks/{id}',
      scope: 'website_checks:read',
      summary: 'Get a website check',
      tag: 'Website checks',
      schemas: { params: websiteCheckIdParams, responses: { 200: { description: 'The website check', schema: websiteCheckDocument } } },
      async handler({ params, ctx }) {
        const row = await findWebsiteCheck(deps.db, ctx.environment, params.id);
        if (!row) throw notFound('Website check', params.id);
        return { status: 200, body: { data: toWebsiteCheckResource(row) } };
      },
    }),
  ];
}
