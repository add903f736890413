/** Every identity activity (sessions, uploads, document processing), built over the injected dependencies. */
import type { ActivityDeps } from '../activity-deps.js';

export function createIdentityActivities(deps: ActivityDeps) {
  void deps;
  return {};
}
