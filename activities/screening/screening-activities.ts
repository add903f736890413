/**
 * Every screening activity, built over one matcher index cache per worker process (so all
 * screenings on a worker share the built indexes).
 */
import type { ActivityDeps } from '../activity-deps.js';
import { MatchIndexCache } from './index-cache/match-index-cache.js';
import { createScreeningRunActivities } from './screening.activities.js';

export function createScreeningActivities(deps: ActivityDeps, options: { cache?: MatchIndexCache } = {}) {
  const cache = options.cache ?? new MatchIndexCache({ db: deps.db, logger: deps.logger });
  return {
    ...createScreeningRunActivities(deps, cache),
  };
}

export type ScreeningActivities = ReturnType<typeof createScreeningActivities>;
