/**
 * GET /v1/audit/events: the environment's audit events, newest first. filter[action] (exact, or a
 * prefix ending in `*`), filter[resource_type], filter[resource_id], filter[actor_id],
 * filter[since] / filter[until] (occurred_at, ISO 8601).
 */
import { auditEventListQuery } from '../../infra/db/repositories/audit.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import { pageLinks, pageMeta, paginate, toPageRequest } from '../http/pagination.js';
import { defineRoute } from '../http/route.js';
import { auditEventListDocument, listAuditEventsQuery } from './audit.schemas.js';
import { toAuditEventResource } from './audit.serializer.js';

export function listAuditEventsRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'get',
    path: '/v1/audit/events',
    scope: 'audit:read',
    summary: 'List audit events',
    description: 'filter[action] (exact, or a prefix ending in *), filter[resource_type], filter[resource_id], filter[actor_id], filter[since], filter[until].',
    tag: 'Audit',
    schemas: { query: listAuditEventsQuery, responses: { 200: { description: 'A page of audit events', schema: auditEventListDocument } } },
    async handler({ query, ctx, raw }) {
      const base = auditEventListQuery(deps.db, ctx.environment, {
        action: query['filter[action]'],
        resourceType: query['filter[resource_type]'],
        resourceId: query['filter[resource_id]'],
        actorId: query['filter[actor_id]'],
        since: query['filter[since]'] ? new Date(query['filter[since]']) : undefined,
        until: query['filter[until]'] ? new Date(query['filter[until]']) : undefined,
      });
      const page = await paginate(base, 'audit_events', toPageRequest(query));
      const meta = pageMeta(page);
      return { status: 200, body: { data: page.rows.map(toAuditEventResource), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
    },
  });
}
