/** GET /v1/identity/accounts: the environment's accounts, newest first, by status, entity type or external_id. */
import { accountListQuery, type AccountListFilters } from '../../../infra/db/repositories/identity-accounts.repository.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import { readerOf, type FeatureDeps } from '../../feature-deps.js';
import { PagedList, pageLinks, pageMeta, toPageRequest } from '../../http/pagination.js';
import { defineRoute } from '../../http/route.js';
import { accountResources } from './account-reader.js';
import { accountListDocument, listAccountsQuery } from './account.schemas.js';

export function listAccountsRoute(deps: FeatureDeps) {
  const pages = new PagedList(readerOf(deps), 'accounts', (db, values: AccountListFilters & { environment: Environment }) => accountListQuery(db, values.environment, values));
  return defineRoute({
    method: 'get',
    auditReads: true,
    path: '/v1/identity/accounts',
    scope: 'identity:read',
    summary: 'List identity accounts',
    description: 'filter[status] (active, inactive, suspended, pending), filter[entity_type] (person, business), filter[external_id]; page[size] (default 15), page[after], page[before], page[include_total].',
    tag: 'Identity',
    schemas: { query: listAccountsQuery, responses: { 200: { description: 'A page of accounts', schema: accountListDocument } } },
    async handler({ query, ctx, raw }) {
      const filters = { environment: ctx.environment, status: query['filter[status]'], entityType: query['filter[entity_type]'], externalId: query['filter[external_id]'] };
      const page = await pages.page(filters, toPageRequest(query));
      const meta = pageMeta(page);
      return { status: 200, body: { data: await accountResources(readerOf(deps), ctx.environment, page.rows), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
    },
  });
}
