/** Every feature's routes, in one list. A new feature adds one line here. */
import { businessRoutes } from './businesses/businesses.routes.js';
import { screeningRoutes } from './screenings/screenings.routes.js';
import type { FeatureDeps } from './feature-deps.js';
import { identityRoutes } from './identity/identity.routes.js';
import type { RouteDefinition } from './http/route.js';
import { webhookRoutes } from './webhooks/webhooks.routes.js';
import { documentRoutes } from './documents/documents.routes.js';
import { documentTemplateRoutes } from './document-templates/document-templates.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { credentialRoutes } from './credentials/credentials.routes.js';
import { websiteCheckRoutes } from './website-checks/website-checks.routes.js';
import { workflowRoutes } from './workflows/workflows.routes.js';

export function buildRoutes(deps: FeatureDeps): RouteDefinition[] {
  return [
    ...businessRoutes(deps),
    ...screeningRoutes(deps),
    ...identityRoutes(deps),
    ...webhookRoutes(deps),
    ...documentRoutes(deps),
    ...documentTemplateRoutes(deps),
    ...auditRoutes(deps),
    ...credentialRoutes(deps),
    ...workflowRoutes(deps),
    ...websiteCheckRoutes(deps),
  ];
}
