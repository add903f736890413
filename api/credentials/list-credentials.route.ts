/** GET /v1/credentials: the environment's credentials, newest first; filter[status], filter[credential_type], filter[subject_id]. */
import { credentialListQuery } from '../../infra/db/repositories/credentials.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import { pageLinks, pageMeta, paginate, toPageRequest } from '../http/pagination.js';
import { defineRoute } from '../http/route.js';
import { credentialListDocument, listCredentialsQuery } from './credential.schemas.js';
import { toCredentialResource } from './credential.serializer.js';
import { publicBaseUrl } from './issuer-settings.js';

export function listCredentialsRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'get',
    path: '/v1/credentials',
    scope: 'credentials:read',
    summary: 'List credentials',
    description: 'filter[status] (pending, issued, failed, revoked), filter[credential_type], filter[subject_id].',
    tag: 'Credentials',
    auditReads: true,
    schemas: { query: listCredentialsQuery, responses: { 200: { description: 'A page of credentials', schema: credentialListDocument } } },
    async handler({ query, ctx, raw }) {
      const base = credentialListQuery(deps.db, ctx.environment, {
        status: query['filter[status]'], credentialType: query['filter[credential_type]'], subjectId: query['filter[subject_id]'],
      });
      const page = await paginate(base, 'credentials', toPageRequest(query));
      const meta = pageMeta(page);
      return { status: 200, body: { data: page.rows.map((row) => toCredentialResource(row, publicBaseUrl(deps))), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
    },
  });
}
