/**
 * Every screening activity — screening runs, monitoring runs and list refresh — built over one matcher index cache
 * per worker process (so all screenings on a worker share the built indexes; a refresh that
 * activates a new version starts that worker's rebuild at once; other workers rebuild on their
 * next screening).
 */
import type { ActivityDeps } from '../activity-deps.js';
import { listGroupOf } from './index-cache/list-groups.js';
import type { FinishedScreenings } from './finished-screenings.model.js';
import { MatchIndexCache } from './index-cache/match-index-cache.js';
import { createListRefreshActivities } from './list-refresh/list-refresh.activities.js';
import { createScreeningRunActivities } from './screening.activities.js';
import { createScreeningRunsActivities } from './screening-run.activities.js';
import { createScreeningMonitoringActivities } from './monitoring/monitoring-run.activities.js';

/** `finished`: the screening runs hand the rows they store to this process's waiting requests (a worker inside the API). */
export function createScreeningActivities(deps: Pick<ActivityDeps, 'db' | 'clock' | 'logger' | 'config'>, options: { cache?: MatchIndexCache; downloadRoot?: string; finished?: FinishedScreenings } = {}) {
  const cache = options.cache ?? new MatchIndexCache({ db: deps.db, logger: deps.logger });
  return {
    ...createScreeningRunActivities(deps, cache),
    ...createScreeningRunsActivities(options.finished ? { ...deps, finished: options.finished } : deps, cache),
    ...createScreeningMonitoringActivities(deps),
    ...createListRefreshActivities(deps, {
      ...(options.downloadRoot ? { downloadRoot: options.downloadRoot } : {}),
      // Rebuild an index this worker uses now rather than in the first screening after the refresh
      // (a build failure is logged by the cache and retried by the next screening); a worker that
      // holds no index of the group does not build one just because it ran the refresh.
      onListActivated: (listType) => {
        const group = listGroupOf(listType);
        if (cache.holds(group)) void cache.get(group).catch(() => undefined);
      },
    }),
  };
}

export type ScreeningActivities = ReturnType<typeof createScreeningActivities>;
