/** GET /v1/identity/sessions: the environment's sessions, newest first, by status (expiry applied) or account. */
import { sessionListQuery, type SessionListFilters } from '../../../infra/db/repositories/identity-sessions.repository.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import { readerOf, type FeatureDeps } from '../../feature-deps.js';
import { PagedList, pageLinks, pageMeta, toPageRequest } from '../../http/pagination.js';
import { defineRoute } from '../../http/route.js';
import { sessionResources } from './session-reader.js';
import { listSessionsQuery, sessionListDocument } from './session.schemas.js';

export function listSessionsRoute(deps: FeatureDeps) {
  // The status filter picks the statement (expiry conditions for created, started and expired); `now` is a value of some of them.
  const pages = new PagedList(readerOf(deps), 'sessions', (db, values: SessionListFilters & { environment: Environment }) => sessionListQuery(db, values.environment, values), {
    shapeKeys: ['status'],
    mayBeUnused: ['now'],
  });
  return defineRoute({
    method: 'get',
    auditReads: true,
    path: '/v1/identity/sessions',
    scope: 'identity:read',
    summary: 'List verification sessions',
    description: 'filter[status] (created, started, completed, failed, marked_for_review, expired, declined, approved), filter[account]; page[size] (default 15), page[after], page[before], page[include_total].',
    tag: 'Identity',
    schemas: { query: listSessionsQuery, responses: { 200: { description: 'A page of sessions', schema: sessionListDocument } } },
    async handler({ query, ctx, raw }) {
      const now = deps.clock();
      const page = await pages.page({ environment: ctx.environment, status: query['filter[status]'], accountId: query['filter[account]'], now }, toPageRequest(query));
      const meta = pageMeta(page);
      return { status: 200, body: { data: await sessionResources(readerOf(deps), ctx.environment, page.rows, now), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
    },
  });
}
