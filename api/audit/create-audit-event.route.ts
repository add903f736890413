/**
 * POST /v1/audit/events: a client's own audit event, appended to the environment's hash chain
 * with the calling key as recorder (and as actor unless one is given). Keep personal data out of
 * metadata: audit events cannot be changed or deleted, so they cannot be redacted either.
 */
import { recordClientAuditEvent } from '../../activities/audit/client-audit-event.transitions.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { auditEventDocument, createAuditEventBody } from './audit.schemas.js';
import { toAuditEventResource } from './audit.serializer.js';

export function createAuditEventRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/audit/events',
    scope: 'audit:write',
    summary: 'Record an audit event of your own',
    tag: 'Audit',
    schemas: { body: createAuditEventBody, responses: { 201: { description: 'The stored audit event, with its place in the chain', schema: auditEventDocument } } },
    async handler({ body, ctx }) {
      const a = body.data.attributes;
      const now = deps.clock();
      const actorName = ctx.actor.type === 'api_key' ? ctx.actor.name : '';
      const row = await recordClientAuditEvent(deps.db, {
        environment: ctx.environment,
        recorder: { keyId: ctx.apiKeyId, keyName: actorName },
        requestId: ctx.requestId,
        action: a.action,
        occurredAt: a.occurred_at ? new Date(a.occurred_at) : now,
        actor: a.actor ? { type: a.actor.type, id: a.actor.id ?? null, name: a.actor.name ?? null } : null,
        resource: a.resource ? { type: a.resource.type, id: a.resource.id ?? null } : null,
        metadata: a.metadata,
      }, now);
      return { status: 201, body: { data: toAuditEventResource(row) } };
    },
  });
}
