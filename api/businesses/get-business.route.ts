/** GET /v1/businesses/{id}: one lookup of the caller's environment (another environment's id is 404). */
import { findBusiness } from '../../infra/db/repositories/businesses.repository.js';
import { readerOf, type FeatureDeps } from '../feature-deps.js';
import { notFound } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { businessDocument, businessIdParams } from './business.schemas.js';
import { toBusinessResource } from './business.serializer.js';

export function getBusinessRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'get',
    path: '/v1/businesses/{id}',
    scope: 'businesses:read',
    summary: 'Get a business lookup',
    tag: 'Businesses',
    schemas: {
      params: businessIdParams,
      responses: { 200: { description: 'The business record', schema: businessDocument } },
    },
    async handler({ params, ctx }) {
      const row = await findBusiness(readerOf(deps), ctx.environment, params.id);
      if (!row) throw notFound('Business', params.id);
      return { status: 200, body: { data: toBusinessResource(row) } };
    },
  });
}
