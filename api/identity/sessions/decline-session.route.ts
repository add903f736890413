/**
 * POST /v1/identity/sessions/{id}/decline: runs the session decline workflow
 * (`session-decline-<id>`) and answers the updated session once it has finished (up to 30 s; after
 * that 202 with the session as it is, the decline continuing in the background). A declined
 * session is answered unchanged; an expired one gets 409 session_expired, an approved one 409
 * session_already_decisioned, an unknown one 404.
 */
import { findSession } from '../../../infra/db/repositories/identity-sessions.repository.js';
import { resultWithin } from '../../../infra/temporal/temporal-client.js';
import { startResourceWorkflow } from '../../http/resource-workflow.js';
import {
  SESSION_DECLINE_WORKFLOW_TYPE, SESSION_RESOURCE_TYPE, sessionDeclineWorkflowId, type SessionDeclineInput, type SessionDeclineResult,
} from '../../../workflows/session-decline/session-decline.contract.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { conflict, notFound, ResourceError } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { resourceEnvelope } from '../shared/identity-envelope.schemas.js';
import { idParams } from '../shared/identity-shapes.schemas.js';
import { sessionResourceById } from './session-reader.js';
import { sessionDocument } from './session.schemas.js';
import { sessionPath } from './session.serializer.js';

export const DECLINE_WAIT_MS = 30_000;

export function declineSessionRoute(deps: FeatureDeps, options: { waitMs?: number } = {}) {
  return defineRoute({
    method: 'post',
    path: '/v1/identity/sessions/{id}/decline',
    scope: 'identity:write',
    summary: 'Decline a session (durable; cancels processing of its unfinished documents)',
    tag: 'Identity',
    schemas: {
      params: idParams,
      responses: {
        200: { description: 'The declined session (also when it was already declined)', schema: sessionDocument },
        202: { description: 'The decline is still running; the session as it is now', schema: sessionDocument },
      },
    },
    async handler({ params, ctx }) {
      const session = await findSession(deps.db, ctx.environment, params.id);
      if (!session) throw notFound('Session', params.id);
      const respond = async (status: number) => ({
        status,
        body: resourceEnvelope(await sessionResourceById(deps.db, ctx.environment, params.id, deps.clock()), sessionPath(params.id)),
      });
      if (session.status === 'declined') return respond(200);

      const input: SessionDeclineInput = { sessionId: session.id, environment: ctx.environment, actor: ctx.actor };
      let handle;
      try {
        handle = await startResourceWorkflow(deps.temporal, {
          workflowType: SESSION_DECLINE_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueues.identity,
          workflowId: sessionDeclineWorkflowId(session.id), resourceType: SESSION_RESOURCE_TYPE, resourceId: session.id, environment: ctx.environment,
        });
      } catch (error) {
        ctx.log.error({ err: error, sessionId: session.id }, 'could not start the session decline workflow');
        throw ResourceError.single(503, 'decline_unavailable', 'Service Unavailable', 'The decline could not be started; retry the request');
      }
      const waited = await resultWithin<SessionDeclineResult>(deps.temporal, handle, options.waitMs ?? DECLINE_WAIT_MS);
      if (!waited.done) return respond(202);
      switch (waited.result.outcome) {
        case 'declined':
        case 'already_declined':
          return respond(200);
        case 'expired':
          throw conflict('session_expired', `Session ${session.id} has expired and can no longer be declined`);
        case 'already_decisioned':
          throw conflict('session_already_decisioned', `Session ${session.id} was already approved; a decision cannot be changed`);
        case 'not_found':
          throw notFound('Session', session.id);
      }
    },
  });
}
