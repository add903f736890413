/** Every identity activity (sessions, uploads, document processing), built over the injected dependencies. */
import type { ActivityDeps } from '../activity-deps.js';
import { createSessionActivities } from './sessions/session.activities.js';

export function createIdentityActivities(deps: ActivityDeps) {
  return {
    ...createSessionActivities(deps),
  };
}
