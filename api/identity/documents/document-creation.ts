/**
 * Creates a document/idv or document/address with one file record per declared file
 * (pending_upload), signs one upload address per file, and starts the upload workflow that
 * verifies what arrives. Declarations are checked against the upload policy first (content type
 * given or taken from the extension, and accepted for the document kind).
 */
import { randomUUID } from 'node:crypto';
import { documentFileObjectKey } from '../../../activities/uploads/object-keys.model.js';
import {
  ACCEPTED_CONTENT_TYPES, UPLOAD_GRACE_SECONDS, UPLOAD_URL_TTL_SECONDS, contentTypeFromFilename,
} from '../../../activities/uploads/upload-policy.model.js';
import { errorItem } from '../../../activities/identity/documents/document-error-items.model.js';
import { createIdentityDocument, failDocument } from '../../../activities/identity/documents/identity-document.transitions.js';
import type { NewDocumentFile } from '../../../infra/db/repositories/identity-documents.repository.js';
import type { IdentityDocumentKind } from '../../../infra/db/tables/identity-documents.table.js';
import { startResourceWorkflow } from '../../http/resource-workflow.js';
import { DOCUMENT_UPLOAD_WORKFLOW_TYPE, documentUploadWorkflowId, type DocumentUploadInput } from '../../../workflows/document-upload/document-upload.contract.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { ResourceError, unprocessable } from '../../http/errors.js';
import type { RequestContext } from '../../http/route.js';
import { documentResourceById } from './document-reader.js';
import type { FileDeclaration } from './document.schemas.js';
import { documentPath } from './document.serializer.js';

export interface NewDocumentRequest {
  kind: IdentityDocumentKind;
  files: readonly FileDeclaration[];
  accountId?: string | undefined;
  sessionId?: string | undefined;
  submitRequested: boolean;
}

function fileRecords(kind: IdentityDocumentKind, environment: RequestContext['environment'], documentId: string, files: readonly FileDeclaration[]): NewDocumentFile[] {
  return files.map((f, position) => {
    const pointer = `/data/attributes/files/${position}/content_type`;
    const contentType = f.content_type ?? contentTypeFromFilename(f.filename);
    if (!contentType) throw unprocessable('content_type_required', `content_type is required: ${JSON.stringify(f.filename)} has no .jpg, .jpeg, .png or .pdf extension`, { pointer });
    if (!(ACCEPTED_CONTENT_TYPES[kind] as readonly string[]).includes(contentType)) {
      throw unprocessable('unsupported_content_type', `${contentType} is not accepted for this document; send ${ACCEPTED_CONTENT_TYPES[kind].join(', ')}`, { pointer });
    }
    const id = randomUUID();
    return {
      id, position, filename: f.filename, contentType, declaredByteSize: f.byte_size ?? null, declaredChecksum: f.checksum?.toLowerCase() ?? null,
      objectKey: documentFileObjectKey(environment, documentId, id),
    };
  });
}

export async function createDocument(deps: FeatureDeps, ctx: RequestContext, request: NewDocumentRequest) {
  const documentId = randomUUID();
  const files = fileRecords(request.kind, ctx.environment, documentId, request.files);
  const now = deps.clock();
  const uploadExpiresAt = files.length > 0 ? new Date(now.getTime() + UPLOAD_URL_TTL_SECONDS * 1000) : null;
  await createIdentityDocument(deps.db, ctx.actor, {
    id: documentId, environment: ctx.environment, kind: request.kind, accountId: request.accountId ?? null, sessionId: request.sessionId ?? null,
    submitRequested: request.submitRequested, uploadExpiresAt, files, at: now,
  });

  // No endpoint adds files later: a document declared without any can never be processed, so it
  // fails at once (the spec makes files optional, so the request itself is accepted).
  if (files.length === 0) {
    await failDocument(deps.db, ctx.actor, { documentId, environment: ctx.environment }, ['pending'],
      errorItem('no_file_uploaded', 'No file was declared, and files cannot be added to a document later; create the document with its files', now), now);
  }

  const presigned = await Promise.all(files.map(async (f) => ({
    file_id: f.id, url: await deps.storage.presignedPutUrl(f.objectKey, UPLOAD_URL_TTL_SECONDS), expires_in: UPLOAD_URL_TTL_SECONDS,
  })));

  if (uploadExpiresAt) {
    const input: DocumentUploadInput = { documentId, environment: ctx.environment, uploadExpiresAt: uploadExpiresAt.toISOString(), graceSeconds: UPLOAD_GRACE_SECONDS };
    try {
      await startResourceWorkflow(deps.temporal, {
        workflowType: DOCUMENT_UPLOAD_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueues.identity, workflowId: documentUploadWorkflowId(documentId),
        resourceType: `document/${request.kind}`, resourceId: documentId, environment: ctx.environment,
      });
    } catch (error) {
      ctx.log.error({ err: error, documentId }, 'could not start the document upload workflow');
      const at = deps.clock();
      await failDocument(deps.db, ctx.actor, { documentId, environment: ctx.environment }, ['pending'], errorItem('processing_failed', 'the upload could not be prepared', at), at);
      throw ResourceError.single(503, 'uploads_unavailable', 'Service Unavailable', 'The upload could not be prepared; retry the request');
    }
  }
  const resource = await documentResourceById(deps.db, deps.storage, ctx.environment, request.kind, documentId);
  return { resource, presigned, path: documentPath(request.kind, documentId) };
}
