/** Every identity activity (sessions, uploads through the shared upload watch, document processing), built over the injected dependencies. */
import type { ActivityDeps } from '../activity-deps.js';
import { createDocumentProcessingActivities } from './documents/processing-run/document-processing.activities.js';
import { createUploadActivities } from '../uploads/uploads.activities.js';
import { createSessionActivities } from './sessions/session.activities.js';

export function createIdentityActivities(deps: Pick<ActivityDeps, 'db' | 'storage' | 'clock' | 'logger'>) {
  return {
    ...createSessionActivities(deps),
    ...createUploadActivities(deps),
    ...createDocumentProcessingActivities(deps),
  };
}
