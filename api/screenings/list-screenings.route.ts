/**
 * GET /v1/screenings: the caller's environment's screenings, newest first, filterable by type and
 * status; `page[size]` 1–100, `page[after]`/`page[before]` = an item id. The spec's envelope:
 * `{data, meta: {page_info}}` and no links.
 */
import { screeningListQuery } from '../../infra/db/repositories/screenings.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import { pageMeta, paginate, toPageRequest } from '../http/pagination.js';
import { defineRoute } from '../http/route.js';
import { listScreeningsQuery, screeningListDocument } from './screening.schemas.js';
import { toScreeningResource } from './screening.serializer.js';

export function listScreeningsRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'get',
    path: '/v1/screenings',
    scope: 'screenings:read',
    summary: 'List screenings',
    description:
      'filter[type] (the four screening types, plus screening/business-online-presence, screening/business-classification, ' +
      'screening/business-associated-persons, screening/business-registrations), filter[status] (pending, processing, completed, failed, not_found); ' +
      'page[size] 1-100 (default 15), page[after]=<id of the last item> for the next page, page[before]=<id> for the previous, page[include_total]=true.',
    tag: 'Screenings',
    schemas: {
      query: listScreeningsQuery,
      responses: { 200: { description: 'A page of screenings', schema: screeningListDocument } },
    },
    async handler({ query, ctx }) {
      const base = screeningListQuery(deps.db, ctx.environment, { type: query['filter[type]'], status: query['filter[status]'] });
      const page = await paginate(base, 'screenings', toPageRequest(query));
      return { status: 200, body: { data: page.rows.map(toScreeningResource), meta: { page_info: pageMeta(page) } } };
    },
  });
}
