/** The business lookup routes. Tests on Temporal's time-skipping server may swap the sync waiter. */
import type { FeatureDeps } from '../feature-deps.js';
import type { RouteDefinition } from '../http/route.js';
import { createBusinessRoute } from './create-business.route.js';
import { getBusinessRoute } from './get-business.route.js';
import { listBusinessesRoute } from './list-businesses.route.js';
import { resultWithinWaiter, type LookupCompletionWaiter } from './lookup-completion.js';

export function businessRoutes(deps: FeatureDeps, options: { waitForCompletion?: LookupCompletionWaiter } = {}): RouteDefinition[] {
  const waitForCompletion = options.waitForCompletion ?? resultWithinWaiter(deps.temporal, deps.logger);
  return [createBusinessRoute(deps, waitForCompletion), listBusinessesRoute(deps), getBusinessRoute(deps)];
}
