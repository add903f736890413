/**
 * POST /v1/identity/accounts/{id}/redact: removes the personal data of the account, its sessions
 * and documents, and deletes their stored files; the record shells and events remain.
 * Redacting again answers the same account (and re-runs the file removal).
 */
import { redactAccount, removeRedactedFiles } from '../../../activities/identity/accounts/account.transitions.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { defineRoute } from '../../http/route.js';
import { resourceEnvelope } from '../shared/identity-envelope.schemas.js';
import { idParams } from '../shared/identity-shapes.schemas.js';
import { accountResourceById } from './account-reader.js';
import { accountDocument } from './account.schemas.js';
import { accountPath } from './account.serializer.js';

export function redactAccountRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/identity/accounts/{id}/redact',
    scope: 'identity:write',
    summary: 'Redact an identity account, its sessions and documents (including stored files)',
    tag: 'Identity',
    schemas: { params: idParams, responses: { 200: { description: 'The redacted account', schema: accountDocument } } },
    async handler({ params, ctx }) {
      const now = deps.clock();
      const redacted = await redactAccount(deps.db, ctx.actor, ctx.environment, params.id, now);
      await removeRedactedFiles(deps.storage, ctx.environment, redacted);
      const resource = await accountResourceById(deps.db, ctx.environment, params.id);
      return { status: 200, body: resourceEnvelope(resource, accountPath(params.id)) };
    },
  });
}
