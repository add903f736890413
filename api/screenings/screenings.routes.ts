/** The screening routes. Tests on Temporal's time-skipping server may swap the sync waiter. */
import type { FeatureDeps } from '../feature-deps.js';
import type { RouteDefinition } from '../http/route.js';
import { createScreeningRoute } from './create-screening.route.js';
import { getScreeningRoute } from './get-screening.route.js';
import { listScreeningsRoute } from './list-screenings.route.js';
import { resultWithinWaiter, type ScreeningCompletionWaiter } from './screening-completion.js';

export function screeningRoutes(deps: FeatureDeps, options: { waitForCompletion?: ScreeningCompletionWaiter } = {}): RouteDefinition[] {
  const waitForCompletion = options.waitForCompletion ?? resultWithinWaiter(deps.temporal, deps.logger);
  return [createScreeningRoute(deps, waitForCompletion), listScreeningsRoute(deps), getScreeningRoute(deps)];
}
