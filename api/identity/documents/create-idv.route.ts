/**
 * POST /v1/identity/documents/idvs: an identity document record with one upload address per
 * declared file (files are optional; a document declared without any fails at once with
 * no_file_uploaded, as no endpoint adds files later). Once every file has arrived and passed verification, the
 * document is submitted and its machine-readable zone read.
 */
import { MAX_FILE_BYTES, MAX_FILES_PER_REQUEST, UPLOAD_URL_TTL_SECONDS } from '../../../activities/uploads/upload-policy.model.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { defineRoute } from '../../http/route.js';
import { createDocument } from './document-creation.js';
import { createIdvBody, createdIdvDocument } from './document.schemas.js';

export function createIdvRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/identity/documents/idvs',
    scope: 'identity:write',
    summary: 'Create an identity document verification record and get upload addresses',
    description:
      `Up to ${MAX_FILES_PER_REQUEST} files (front first, then back), each at most ${MAX_FILE_BYTES} bytes, image/jpeg or image/png (taken from the filename when content_type is left out). ` +
      `byte_size and checksum (SHA-256, hex) are optional and enforced when given. meta.presigned_upload_urls: PUT the file to url within expires_in (${UPLOAD_URL_TTL_SECONDS}) seconds. ` +
      'Without files the document fails at once (no_file_uploaded): files cannot be added later.',
    tag: 'Identity',
    schemas: { body: createIdvBody, responses: { 201: { description: 'The document (pending) and its upload addresses', schema: createdIdvDocument } } },
    async handler({ body, ctx }) {
      const rel = body.data.relationships;
      const created = await createDocument(deps, ctx, {
        kind: 'idv', files: body.data.attributes.files ?? [], accountId: rel.account?.data.id, sessionId: rel.session?.data.id, submitRequested: true,
      });
      return {
        status: 201,
        body: { data: created.resource, meta: { presigned_upload_urls: created.presigned }, links: { self: created.path } },
        headers: { Location: created.path },
      };
    },
  });
}
