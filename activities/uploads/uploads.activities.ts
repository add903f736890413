/** The upload watch activities over every family of documents (identity and generic). */
import type { ActivityDeps } from '../activity-deps.js';
import { genericDocumentUploadTarget } from '../documents/document-upload.target.js';
import { identityUploadTarget } from '../identity/documents/uploads/identity-upload.target.js';
import { createUploadWatchActivities } from './upload-watch.activities.js';

export function createUploadActivities(deps: Pick<ActivityDeps, 'db' | 'storage' | 'clock'>) {
  return createUploadWatchActivities(deps, { identity: identityUploadTarget(deps.db), document: genericDocumentUploadTarget(deps.db) });
}
