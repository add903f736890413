/** POST /v1/credentials/{id}/revoke: sets its status list bit; optional reason; revoking again answers it unchanged. */
import { revokeCredential } from '../../activities/credentials/credential.transitions.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { credentialDocument, credentialIdParams, revokeCredentialBody } from './credential.schemas.js';
import { toCredentialResource } from './credential.serializer.js';
import { publicBaseUrl } from './issuer-settings.js';

export function revokeCredentialRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/credentials/{id}/revoke',
    scope: 'credentials:revoke',
    summary: 'Revoke a credential',
    description: 'Body optional: {data: {attributes: {reason}}}. The revocation shows in the status list at once (verifiers may cache it for 60 s).',
    tag: 'Credentials',
    schemas: { params: credentialIdParams, body: revokeCredentialBody, responses: { 200: { description: 'The revoked credential', schema: credentialDocument } } },
    async handler({ params, body, ctx }) {
      const row = await revokeCredential(deps.db, ctx.actor, { environment: ctx.environment, id: params.id, reason: body?.data.attributes.reason ?? null, at: deps.clock() });
      return { status: 200, body: { data: toCredentialResource(row, publicBaseUrl(deps)) } };
    },
  });
}
