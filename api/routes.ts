/** Every feature's routes, in one list. A new feature adds one line here. */
import type { FeatureDeps } from './feature-deps.js';
import type { RouteDefinition } from './http/route.js';

export function buildRoutes(_deps: FeatureDeps): RouteDefinition[] {
  return [];
}
