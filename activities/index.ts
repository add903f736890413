/**
 * Merges every domain's activity factory into the one object the worker registers.
 * Workflows see activities only as `import type` of this factory's return type.
 */
import type { ActivityDeps } from './activity-deps.js';
import { createBusinessLookupActivities } from './businesses/lookup/business-lookup.activities.js';
import { createScreeningActivities } from './screening/screening-activities.js';
import { createIdentityActivities } from './identity/identity.activities.js';

export function createActivities(deps: ActivityDeps) {
  return {
    ...createBusinessLookupActivities(deps),
    ...createScreeningActivities(deps),
    ...createIdentityActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
