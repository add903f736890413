/** The website check routes. */
import type { FeatureDeps } from '../feature-deps.js';
import type { RouteDefinition } from '../http/route.js';
import { createWebsiteCheckRoute } from './create-website-check.route.js';
import { websiteCheckReadRoutes } from './website-check-read.routes.js';

export function websiteCheckRoutes(deps: FeatureDeps): RouteDefinition[] {
  return [createWebsiteCheckRoute(deps), ...websiteCheckReadRoutes(deps)];
}
