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

const KEPT_SUFFIX = '.verified';

/**
 * Where the verified copy of an upload is kept: beside it, at a key no upload address is signed
 * for, so bytes put again through the still-valid address can never replace what was verified.
 */
export function keptObjectKey(uploadKey: string): string {
  return `${uploadKey}${KEPT_SUFFIX}`;
}

/** The upload address's key of a file whose record names either key (files verified before copies were kept name the upload key). */
export function uploadObjectKey(objectKey: string): string {
  return objectKey.endsWith(KEPT_SUFFIX) ? objectKey.slice(0, -KEPT_SUFFIX.length) : objectKey;
}
