/**
 * POST /v1/identity/documents/addresses: a proof-of-address record with one upload address per
 * declared file. With meta.auto_submit_for_processing true it is processed as soon as its files
 * are verified; otherwise on POST .../addresses/{id}/submit.
 */
import { MAX_FILE_BYTES, MAX_FILES_PER_REQUEST, UPLOAD_URL_TTL_SECONDS } from '../../../activities/uploads/upload-policy.model.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { defineRoute } from '../../http/route.js';
import { createDocument } from './document-creation.js';
import { createAddressBody, createdAddressDocument } from './document.schemas.js';

export function createAddressRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/identity/documents/addresses',
    scope: 'identity:write',
    summary: 'Create a proof-of-address record and get upload addresses',
    description:
      `1 to ${MAX_FILES_PER_REQUEST} files, each at most ${MAX_FILE_BYTES} bytes, application/pdf, image/jpeg or image/png. byte_size and checksum (SHA-256, hex) are enforced when given. ` +
      `Upload addresses live ${UPLOAD_URL_TTL_SECONDS} seconds. meta.auto_submit_for_processing (default false) processes the document once its files are verified.`,
    tag: 'Identity',
    schemas: { body: createAddressBody, responses: { 201: { description: 'The document (pending) and its upload addresses', schema: createdAddressDocument } } },
    async handler({ body, ctx }) {
      const rel = body.data.relationships;
      const autoSubmit = body.meta.auto_submit_for_processing;
      const created = await createDocument(deps, ctx, {
        kind: 'address', files: body.data.attributes.files, accountId: rel.account?.data.id, sessionId: rel.session?.data.id, submitRequested: autoSubmit,
      });
      return {
        status: 201,
        body: { data: created.resource, meta: { presigned_upload_urls: created.presigned, auto_submit_for_processing: autoSubmit }, links: { self: created.path } },
        headers: { Location: created.path },
      };
    },
  });
}
