/**
 * Watches a document's uploads, since a presigned PUT tells the service nothing: it checks the
 * stored objects with timers (1 s, doubling to 15 s) until no file is awaited or the upload
 * addresses have expired (plus a grace period), verifying and accepting or rejecting each arrival.
 * It then settles the document — missing files expire; with no usable file the document fails;
 * an identity document, or a proof of address whose submission was requested, is submitted and
 * processed by the document-processing child workflow; a generic document (family `document`) by
 * the document-analysis child workflow. After the addresses' lifetime it sweeps
 * the document's objects, deleting anything not verified (late or repeated uploads).
 */
import { ChildWorkflowFailure, executeChild, isCancellation, proxyActivities, sleep, ParentClosePolicy } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { DOCUMENT_ANALYSIS_WORKFLOW_TYPE, documentAnalysisWorkflowId } from '../document-analysis/document-analysis.contract.js';
import { DOCUMENT_PROCESSING_WORKFLOW_TYPE, documentProcessingWorkflowId, type DocumentProcessingResult } from '../document-processing/document-processing.contract.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import { resourceSearchAttributes } from '../shared/search-attributes.js';
import type { DocumentUploadInput, DocumentUploadResult } from './document-upload.contract.js';

const FIRST_CHECK_MS = 1000;
const MAX_CHECK_INTERVAL_MS = 15_000;

const uploads = proxyActivities<Activities>({
  // Verification reads each arrived file once (at most 10 MiB per file).
  startToCloseTimeout: '2 minutes',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

export async function documentUploadWorkflow(input: DocumentUploadInput): Promise<DocumentUploadResult> {
  // Identity documents' inputs carry no family (as before generic documents existed): same activity inputs, same history.
  const ref = { documentId: input.documentId, environment: input.environment, ...(input.family ? { family: input.family } : {}) };
  const generic = input.family === 'document';
  const deadline = new Date(input.uploadExpiresAt).getTime() + input.graceSeconds * 1000;
  let interval = FIRST_CHECK_MS;
  let expired = false;
  for (;;) {
    const waitMs = Math.min(interval, deadline - Date.now());
    if (waitMs > 0) await sleep(waitMs);
    const { pending } = await uploads.checkDocumentUploads(ref);
    if (pending === 0) break;
    if (Date.now() >= deadline) {
      expired = true;
      break;
    }
    interval = Math.min(interval * 2, MAX_CHECK_INTERVAL_MS);
  }

  const settled = await uploads.settleDocumentUploads({ ...ref, expire: expired });
  let processing: DocumentUploadResult['processing'] = 'not_submitted';
  if (settled.process) {
    try {
      const child = { documentId: input.documentId, environment: input.environment };
      const result = await executeChild<(i: typeof child) => Promise<DocumentProcessingResult>>(generic ? DOCUMENT_ANALYSIS_WORKFLOW_TYPE : DOCUMENT_PROCESSING_WORKFLOW_TYPE, {
        args: [child],
        workflowId: generic ? documentAnalysisWorkflowId(input.documentId) : documentProcessingWorkflowId(input.documentId),
        parentClosePolicy: ParentClosePolicy.ABANDON,
        typedSearchAttributes: resourceSearchAttributes('document', input.documentId, input.environment),
      });
      processing = result.status;
    } catch (error) {
      // A session decline cancels the processing child; the upload watch still sweeps.
      if (!(error instanceof ChildWorkflowFailure && isCancellation(error.cause))) throw error;
      processing = 'cancelled';
    }
  }

  const untilSweep = deadline - Date.now();
  if (untilSweep > 0) await sleep(untilSweep);
  await uploads.sweepDocumentUploads(ref);
  return { expired, processing };
}
