/** GET /v1/identity/accounts/{id}: one account of the caller's environment (404 otherwise). */
import { readerOf, type FeatureDeps } from '../../feature-deps.js';
import { defineRoute } from '../../http/route.js';
import { resourceEnvelope } from '../shared/identity-envelope.schemas.js';
import { idParams } from '../shared/identity-shapes.schemas.js';
import { accountResourceById } from './account-reader.js';
import { accountDocument } from './account.schemas.js';
import { accountPath } from './account.serializer.js';

export function getAccountRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'get',
    auditReads: true,
    path: '/v1/identity/accounts/{id}',
    scope: 'identity:read',
    summary: 'Get an identity account',
    tag: 'Identity',
    schemas: { params: idParams, responses: { 200: { description: 'The account', schema: accountDocument } } },
    async handler({ params, ctx }) {
      const resource = await accountResourceById(readerOf(deps), ctx.environment, params.id);
      return { status: 200, body: resourceEnvelope(resource, accountPath(params.id)) };
    },
  });
}
