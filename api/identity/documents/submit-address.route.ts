/**
 * POST /v1/identity/documents/addresses/{id}/submit: asks for a proof of address to be processed.
 * With its files verified it is submitted at once and its processing workflow started; while
 * files are still awaited the request is recorded and the upload workflow submits it when they
 * are in. 202 with the document either way; submitting a submitted document re-attaches to its
 * processing (harmless); a processed or failed one is 409 document_already_processed.
 */
import { submitAddressDocument } from '../../../activities/identity/documents/identity-document.transitions.js';
import { startResourceWorkflow } from '../../http/resource-workflow.js';
import { DOCUMENT_PROCESSING_WORKFLOW_TYPE, documentProcessingWorkflowId, type DocumentProcessingInput } from '../../../workflows/document-processing/document-processing.contract.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { ResourceError } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { resourceEnvelope } from '../shared/identity-envelope.schemas.js';
import { idParams } from '../shared/identity-shapes.schemas.js';
import { documentResourceById } from './document-reader.js';
import { addressDocument } from './document.schemas.js';
import { documentPath } from './document.serializer.js';

export function submitAddressRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/identity/documents/addresses/{id}/submit',
    scope: 'identity:write',
    summary: 'Submit a proof of address for processing',
    tag: 'Identity',
    schemas: { params: idParams, responses: { 202: { description: 'The document; processing runs in the background', schema: addressDocument } } },
    async handler({ params, ctx }) {
      const { start } = await submitAddressDocument(deps.db, ctx.actor, { documentId: params.id, environment: ctx.environment }, deps.clock());
      if (start) {
        const input: DocumentProcessingInput = { documentId: params.id, environment: ctx.environment };
        await startResourceWorkflow(deps.temporal, {
          workflowType: DOCUMENT_PROCESSING_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueues.identity, workflowId: documentProcessingWorkflowId(params.id),
          resourceType: 'document/address', resourceId: params.id, environment: ctx.environment,
        }).catch((error: unknown) => {
          ctx.log.error({ err: error, documentId: params.id }, 'could not start document processing');
          throw ResourceError.single(503, 'processing_unavailable', 'Service Unavailable', 'Processing could not be started; retry the request');
        });
      }
      const resource = await documentResourceById(deps.db, deps.storage, ctx.environment, 'address', params.id);
      return { status: 202, body: resourceEnvelope(resource, documentPath('address', params.id)) };
    },
  });
}
