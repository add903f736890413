/**
 * Merges every domain's activity factory into the one object the worker registers.
 * Workflows see activities only as `import type` of this factory's return type.
 */
import type { ActivityDeps } from './activity-deps.js';

export function createActivities(_deps: ActivityDeps) {
  return {};
}

export type Activities = ReturnType<typeof createActivities>;
