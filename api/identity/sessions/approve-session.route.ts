/**
 * POST /v1/identity/sessions/{id}/approve: the positive decision (approved, decisioned_at) for a
 * completed or marked_for_review session. Approving again answers the session unchanged; any
 * other status gets 409 session_not_approvable.
 */
import { findSession, updateSession } from '../../../infra/db/repositories/identity-sessions.repository.js';
import { writeOutboxEvent } from '../../../infra/db/repositories/outbox.repository.js';
import { APPROVABLE_STATUSES, effectiveSessionStatus } from '../../../activities/identity/sessions/session-lifecycle.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { conflict, notFound } from '../../http/errors.js';
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
      await deps.db.transaction().execute(async (trx) => {
        const session = await findSession(trx, ctx.environment, params.id, { forUpdate: true });
        if (!session) throw notFound('Session', params.id);
        if (session.status === 'approved') return;
        const status = effectiveSessionStatus(session, now);
        if (!APPROVABLE_STATUSES.includes(status)) {
          throw conflict('session_not_approvable', `Session ${session.id} is ${status}; only completed or marked_for_review sessions can be approved`);
        }
        await updateSession(trx, ctx.environment, session.id, { status: 'approved', decisioned_at: now, updated_at: now });
        await writeOutboxEvent(trx, { environment: ctx.environment, resourceType: 'session', resourceId: session.id, status: 'approved', payload: { event: 'approved', previous_status: status } });
      });
      const resource = await sessionResourceById(deps.db, ctx.environment, params.id, now);
      return { status: 200, body: resourceEnvelope(resource, sessionPath(params.id)) };
    },
  });
}
