/** GET /v1/credentials/{id}: one credential (a deleted one keeps its ids and status, without token). */
import { findCredential } from '../../infra/db/repositories/credentials.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import { notFound } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { credentialDocument, credentialIdParams } from './credential.schemas.js';
import { toCredentialResource } from './credential.serializer.js';
import { publicBaseUrl } from './issuer-settings.js';

export function getCredentialRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'get',
    path: '/v1/credentials/{id}',
    scope: 'credentials:read',
    summary: 'Get a credential',
    tag: 'Credentials',
    auditReads: true,
    schemas: { params: credentialIdParams, responses: { 200: { description: 'The credential', schema: credentialDocument } } },
    async handler({ params, ctx }) {
      const row = await findCredential(deps.db, ctx.environment, params.id);
      if (!row) throw notFound('Credential', params.id);
      return { status: 200, body: { data: toCredentialResource(row, publicBaseUrl(deps)) } };
    },
  });
}
