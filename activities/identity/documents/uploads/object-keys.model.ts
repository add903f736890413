/** Where a document's files live in the bucket: `${environment}/documents/<document id>/<file id>`. */
import type { Environment } from '../../../../infra/db/tables/common.js';

export function documentObjectPrefix(environment: Environment, documentId: string): string {
  return `${environment}/documents/${documentId}/`;
}

export function documentFileObjectKey(environment: Environment, documentId: string, fileId: string): string {
  return `${documentObjectPrefix(environment, documentId)}${fileId}`;
}
