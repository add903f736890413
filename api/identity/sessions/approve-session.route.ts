/**
 * POST /v1/identity/sessions/{id}/approve: the positive decision (approved, decisioned_at) for a
 * completed or marked_for_review session. Approving again answers the session unchanged; any
 * other status gets 409 session_not_approvable.
 */
import { approveSession } from '../../../activities/identity/sessions/session.transitions.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { defineRoute } from '../../http/route.js';
import { resourceEnvelope } from '../shared/identity-envelope.schemas.js';
import { idParams } from '../shared/identity-shapes.schemas.js';
import { sessionResourceById } from './session-reader.js';
import { sessionDocument } from './session.schemas.js';
import { sessionPath } from './session.serializer.js';

export function approveSessionRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/identity/sessions/{id}/approve',
    scope: 'identity:write',
    summary: 'Approve a completed or marked-for-review session',
    tag: 'Identity',
    schemas: { params: idParams, responses: { 200: { description: 'The approved session', schema: sessionDocument } } },
    async handler({ params, ctx }) {
      const now = deps.clock();
      await approveSession(deps.db, ctx.actor, ctx.environment, params.id, now);
      const resource = await sessionResourceById(deps.db, ctx.environment, params.id, now);
      return { status: 200, body: resourceEnvelope(resource, sessionPath(params.id)) };
    },
  });
}
