/** The generic document routes. */
import type { FeatureDeps } from '../feature-deps.js';
import type { RouteDefinition } from '../http/route.js';
import { createDocumentRoute } from './create-document.route.js';
import { readDocumentRoutes } from './read-documents.routes.js';

export function documentRoutes(deps: FeatureDeps): RouteDefinition[] {
  return [createDocumentRoute(deps), ...readDocumentRoutes(deps)];
}
