/**
 * POST /v1/documents: a generic document with its one file (PDF, PNG, JPEG or TIFF, at most
 * 25 MiB), optionally linked to a document template and a session, optionally with its own
 * extraction and fraud configs (overriding the template's). Answers 201 with the document
 * (pending) and a presigned upload address; once the file is verified (real size, SHA-256,
 * sniffed type) the document is submitted and processed by itself.
 */
import { randomUUID } from 'node:crypto';
import { checkExtractionConfig } from '../../activities/documents/document-config.model.js';
import { createGenericDocument, failGenericDocument } from '../../activities/documents/document.transitions.js';
import { errorItem } from '../../activities/identity/documents/document-error-items.model.js';
import { documentFileObjectKey } from '../../activities/uploads/object-keys.model.js';
import { contentTypeFromFilename, DOCUMENT_UPLOADS, UPLOAD_GRACE_SECONDS, UPLOAD_URL_TTL_SECONDS } from '../../activities/uploads/upload-policy.model.js';
import { DOCUMENT_UPLOAD_WORKFLOW_TYPE, documentUploadWorkflowId, type DocumentUploadInput } from '../../workflows/document-upload/document-upload.contract.js';
import type { FeatureDeps } from '../feature-deps.js';
import { ResourceError, unprocessable } from '../http/errors.js';
import { startResourceWorkflow } from '../http/resource-workflow.js';
import { defineRoute } from '../http/route.js';
import { genericDocumentResources } from './document-reader.js';
import { createDocumentBody, documentCreatedDocument } from './document.schemas.js';
import { documentPath } from './document.serializer.js';

export function createDocumentRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/documents',
    scope: 'documents:write',
    summary: 'Create a document and get its upload address',
    description: 'One file: application/pdf, image/png, image/jpeg or image/tiff (taken from the filename when content_type is left out), at most 25 MiB. meta.extraction_config / meta.fraud_config override the template\'s.',
    tag: 'Documents',
    schemas: { body: createDocumentBody, responses: { 201: { description: 'The document (pending) and its upload address', schema: documentCreatedDocument } } },
    async handler({ body, ctx }) {
      const declared = body.data.attributes.file;
      const contentType = declared.content_type ?? contentTypeFromFilename(declared.filename);
      const pointer = '/data/attributes/file/content_type';
      if (!contentType) throw unprocessable('content_type_required', `content_type is required: ${JSON.stringify(declared.filename)} has no .pdf, .png, .jpg, .jpeg, .tif or .tiff extension`, { pointer });
      if (!(DOCUMENT_UPLOADS.contentTypes as readonly string[]).includes(contentType)) {
        throw unprocessable('unsupported_content_type', `${contentType} is not accepted; send ${DOCUMENT_UPLOADS.contentTypes.join(', ')}`, { pointer });
      }
      const extraction = body.meta?.extraction_config;
      if (extraction) checkExtractionConfig({ enabled: extraction.enabled, schema: extraction.schema ?? null, extraction_rules: extraction.extraction_rules ?? null }, '/meta/extraction_config');
      const id = randomUUID();
      const fileId = randomUUID();
      const now = deps.clock();
      const uploadExpiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_SECONDS * 1000);
      const objectKey = documentFileObjectKey(ctx.environment, id, fileId);
      const row = await createGenericDocument(deps.db, ctx.actor, {
        id, environment: ctx.environment,
        templateId: body.data.relationships?.document_template?.data?.id ?? null,
        sessionId: body.data.relationships?.session?.data?.id ?? null,
        extractionConfig: extraction ? { enabled: extraction.enabled, schema: extraction.schema ?? null, extraction_rules: extraction.extraction_rules ?? null } : null,
        fraudConfig: body.meta?.fraud_config ?? null,
        uploadExpiresAt,
        file: { id: fileId, filename: declared.filename, contentType, declaredByteSize: declared.byte_size ?? null, declaredChecksum: declared.checksum?.toLowerCase() ?? null, objectKey },
        at: now,
      });
      const url = await deps.storage.presignedPutUrl(objectKey, UPLOAD_URL_TTL_SECONDS);
      const input: DocumentUploadInput = { documentId: id, environment: ctx.environment, uploadExpiresAt: uploadExpiresAt.toISOString(), graceSeconds: UPLOAD_GRACE_SECONDS, family: 'document' };
      try {
        await startResourceWorkflow(deps.temporal, {
          workflowType: DOCUMENT_UPLOAD_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueues.identity, workflowId: documentUploadWorkflowId(id),
          resourceType: 'document', resourceId: id, environment: ctx.environment,
        });
      } catch (error) {
        ctx.log.error({ err: error, documentId: id }, 'could not start the document upload workflow');
        const at = deps.clock();
        await failGenericDocument(deps.db, ctx.actor, { documentId: id, environment: ctx.environment }, ['pending'], [errorItem('processing_failed', 'the upload could not be prepared', at)], at);
        throw ResourceError.single(503, 'uploads_unavailable', 'Service Unavailable', 'The upload could not be prepared; retry the request');
      }
      const [resource] = await genericDocumentResources(deps.db, deps.storage, [row]);
      return {
        status: 201,
        body: { data: resource, meta: { presigned_upload_urls: [{ file_id: fileId, url, expires_in: UPLOAD_URL_TTL_SECONDS }] } },
        headers: { Location: documentPath(id) },
      };
    },
  });
}
