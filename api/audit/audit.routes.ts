/** The audit routes: events (read, write) and streams. */
import type { FeatureDeps } from '../feature-deps.js';
import type { RouteDefinition } from '../http/route.js';
import { auditStreamRoutes } from './audit-streams.routes.js';
import { createAuditEventRoute } from './create-audit-event.route.js';
import { listAuditEventsRoute } from './list-audit-events.route.js';

export function auditRoutes(deps: FeatureDeps): RouteDefinition[] {
  return [listAuditEventsRoute(deps), createAuditEventRoute(deps), ...auditStreamRoutes(deps)];
}
