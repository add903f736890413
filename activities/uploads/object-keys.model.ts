/**
 * Where a document's files live in the bucket (identity and generic documents alike):
 * `${environment}/documents/<document id>/<file id>`; what processing derives from a file lives
 * under the same prefix, so removing the prefix removes everything of the document.
 */
import type { Environment } from '../../infra/db/tables/common.js';

export function documentObjectPrefix(environment: Environment, documentId: string): string {
  return `${environment}/documents/${documentId}/`;
}

export function documentFileObjectKey(environment: Environment, documentId: string, fileId: string): string {
  return `${documentObjectPrefix(environment, documentId)}${fileId}`;
}
