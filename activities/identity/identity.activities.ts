/** Every identity activity (sessions, uploads, document processing), built over the injected dependencies. */
import type { ActivityDeps } from '../activity-deps.js';
import { createDocumentProcessingActivities } from './documents/processing-run/document-processing.activities.js';
import { createDocumentUploadActivities } from './documents/uploads/document-upload.activities.js';
import { createSessionActivities } from './sessions/session.activities.js';

export function createIdentityActivities(deps: Pick<ActivityDeps, 'db' | 'storage' | 'clock' | 'logger'>) {
  return {
    ...createSessionActivities(deps),
    ...createDocumentUploadActivities(deps),
    ...createDocumentProcessingActivities(deps),
  };
}
