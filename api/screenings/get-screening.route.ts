/** GET /v1/screenings/{id}: one screening of the caller's environment (another environment's id is 404). */
import { findScreening } from '../../infra/db/repositories/screenings.repository.js';
import { readerOf, type FeatureDeps } from '../feature-deps.js';
import { notFound } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { screeningDocument, screeningIdParams } from './screening.schemas.js';
import { toScreeningResource } from './screening.serializer.js';

export function getScreeningRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'get',
    path: '/v1/screenings/{id}',
    scope: 'screenings:read',
    summary: 'Get a screening',
    tag: 'Screenings',
    schemas: {
      params: screeningIdParams,
      responses: { 200: { description: 'The screening', schema: screeningDocument } },
    },
    async handler({ params, ctx }) {
      const row = await findScreening(readerOf(deps), ctx.environment, params.id);
      if (!row) throw notFound('Screening', params.id);
      return { status: 200, body: { data: toScreeningResource(row) } };
    },
  });
}
