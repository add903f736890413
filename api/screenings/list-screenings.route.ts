/**
 * GET /v1/screenings: the caller's environment's screenings, newest first, filterable by type and
 * status; `page[size]` 1–100, `page[after]`/`page[before]` = an item id. The spec's envelope:
 * `{data, meta: {page_info}}` and no links. Items come from a cache of serialized screenings keyed
 * by row version (serialized-rows.ts): the page reads ids and versions, and full rows only for
 * what changed.
 */
import { findScreeningsWithVersion, screeningVersionListQuery } from '../../infra/db/repositories/screenings.repository.js';
import { readerOf, type FeatureDeps } from '../feature-deps.js';
import { PagedList, pageMeta, toPageRequest } from '../http/pagination.js';
import { defineRoute } from '../http/route.js';
import { SerializedRows, type VersionedId } from '../http/serialized-rows.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { ScreeningRow } from '../../infra/db/tables/screenings.table.js';
import { listScreeningsQuery, screeningListDocument } from './screening.schemas.js';
import { toScreeningResource } from './screening.serializer.js';

export function listScreeningsRoute(deps: FeatureDeps) {
  const items = new SerializedRows<ScreeningRow & VersionedId>(toScreeningResource);
  const pages = new PagedList(readerOf(deps), 'screenings', (db, values: { environment: Environment; type?: string | undefined; status?: string | undefined }) =>
    screeningVersionListQuery(db, values.environment, values),
  );
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
      const page = await pages.page({ environment: ctx.environment, type: query['filter[type]'], status: query['filter[status]'] }, toPageRequest(query));
      const data = await items.jsonOf(page.rows, (ids) => findScreeningsWithVersion(readerOf(deps), ctx.environment, ids));
      const body = `{"data":[${data.join(',')}],"meta":${JSON.stringify({ page_info: pageMeta(page) })}}`;
      return { status: 200, body, headers: { 'Content-Type': 'application/json; charset=utf-8' } };
    },
  });
}
