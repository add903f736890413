/** GET /v1/businesses: the caller's environment's lookups, newest first, filterable by country, async_status and session. */
import { businessListQuery, type BusinessListFilters } from '../../infra/db/repositories/businesses.repository.js';
import type { Environment } from '../../infra/db/tables/common.js';
import { readerOf, type FeatureDeps } from '../feature-deps.js';
import { PagedList, pageLinks, pageMeta, toPageRequest } from '../http/pagination.js';
import { defineRoute } from '../http/route.js';
import { businessListDocument, listBusinessesQuery } from './business.schemas.js';
import { toBusinessResource } from './business.serializer.js';

export function listBusinessesRoute(deps: FeatureDeps) {
  const pages = new PagedList(readerOf(deps), 'businesses', (db, values: BusinessListFilters & { environment: Environment }) => businessListQuery(db, values.environment, values));
  return defineRoute({
    method: 'get',
    path: '/v1/businesses',
    scope: 'businesses:read',
    summary: 'List business lookups',
    description: 'filter[country] (two letters), filter[status] (async_status: processing, completed, not_found, failed), filter[session_id].',
    tag: 'Businesses',
    schemas: {
      query: listBusinessesQuery,
      responses: { 200: { description: 'A page of business records', schema: businessListDocument } },
    },
    async handler({ query, ctx, raw }) {
      const filters = { environment: ctx.environment, country: query['filter[country]'], asyncStatus: query['filter[status]'], sessionId: query['filter[session_id]'] };
      const page = await pages.page(filters, toPageRequest(query));
      const meta = pageMeta(page);
      return {
        status: 200,
        body: { data: page.rows.map(toBusinessResource), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) },
      };
    },
  });
}
