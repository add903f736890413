/** GET /v1/identity/sessions/{id}: one session of the caller's environment (404 otherwise). */
import { readerOf, type FeatureDeps } from '../../feature-deps.js';
import { defineRoute } from '../../http/route.js';
import { resourceEnvelope } from '../shared/identity-envelope.schemas.js';
import { idParams } from '../shared/identity-shapes.schemas.js';
import { sessionResourceById } from './session-reader.js';
import { sessionDocument } from './session.schemas.js';
import { sessionPath } from './session.serializer.js';

export function getSessionRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'get',
    auditReads: true,
    path: '/v1/identity/sessions/{id}',
    scope: 'identity:read',
    summary: 'Get a verification session',
    tag: 'Identity',
    schemas: { params: idParams, responses: { 200: { description: 'The session', schema: sessionDocument } } },
    async handler({ params, ctx }) {
      const resource = await sessionResourceById(readerOf(deps), ctx.environment, params.id, deps.clock());
      return { status: 200, body: resourceEnvelope(resource, sessionPath(params.id)) };
    },
  });
}
