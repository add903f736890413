/** DELETE /v1/credentials/{id}: revokes it if still valid and removes its claims and token; the record keeps ids and status. 204. */
import { deleteCredential } from '../../activities/credentials/credential.transitions.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { credentialIdParams } from './credential.schemas.js';

export function deleteCredentialRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'delete',
    path: '/v1/credentials/{id}',
    scope: 'credentials:delete',
    summary: 'Delete a credential',
    tag: 'Credentials',
    schemas: { params: credentialIdParams, responses: { 204: { description: 'Deleted (revoked first when it was still valid)' } } },
    async handler({ params, ctx }) {
      await deleteCredential(deps.db, ctx.actor, { environment: ctx.environment, id: params.id, at: deps.clock() });
      return { status: 204 };
    },
  });
}
