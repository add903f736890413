/**
 * The screening routes, over one workflow starter (grouping concurrent requests; eager when this
 * process runs a screening worker) and one completion waiter per app.
 */
import { recordScreeningsWorkflow } from '../../infra/db/repositories/screenings.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import type { RouteDefinition } from '../http/route.js';
import { createScreeningBatchRoute } from './create-screening-batch.route.js';
import { createScreeningRoute } from './create-screening.route.js';
import { getScreeningRoute } from './get-screening.route.js';
import { listScreeningsRoute } from './list-screenings.route.js';
import { notifiedCompletionWaiter, type ScreeningCompletionWaiter } from './screening-completion.js';
import { groupingStarter, type ScreeningStarter } from './screening-starter.js';
import { updateScreeningRoute } from './update-screening.route.js';

export function screeningRoutes(deps: FeatureDeps, options: { completions?: ScreeningCompletionWaiter; starter?: ScreeningStarter } = {}): RouteDefinition[] {
  const completions = options.completions ?? notifiedCompletionWaiter(deps.db, deps.logger, deps.finishedScreenings);
  const starter = options.starter ?? groupingStarter({
    client: deps.eagerScreeningClient ?? deps.temporal,
    taskQueue: deps.taskQueues.screeningRuns,
    eager: Boolean(deps.eagerScreeningClient),
    // Lost, the record only makes the start sweep run these screenings a second time (stored once).
    onGroupStarted: (environment, ids, workflowId) =>
      recordScreeningsWorkflow(deps.db, environment, ids, workflowId).catch((error: unknown) => deps.logger.warn({ err: error, workflowId }, 'could not record a grouped screening start')),
  });
  return [
    createScreeningRoute(deps, starter, completions),
    createScreeningBatchRoute(deps, completions),
    listScreeningsRoute(deps),
    getScreeningRoute(deps),
    updateScreeningRoute(deps),
  ];
}
