/**
 * Processes one submitted document: the processing activity reads the files (MRZ OCR for identity
 * documents; text extraction and analysis for proofs of address) and stores the result; when it
 * keeps failing after its retries, the document is stored as failed with processing_failed.
 * A session decline cancels this workflow; the decline has already failed the document.
 */
import { ActivityFailure, isCancellation, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import type { DocumentProcessingInput, DocumentProcessingResult } from './document-processing.contract.js';

const processing = proxyActivities<Activities>({
  // OCR of a few images; the tools have their own timeouts. The activity heartbeats every 2 s.
  startToCloseTimeout: '3 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 3, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

const database = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

export async function documentProcessingWorkflow(input: DocumentProcessingInput): Promise<DocumentProcessingResult> {
  try {
    return await processing.processDocument(input);
  } catch (error) {
    if (isCancellation(error) || !(error instanceof ActivityFailure)) throw error;
    const cause = error.cause instanceof Error ? error.cause.message : 'unknown error';
    return database.failDocumentProcessing({ ...input, detail: `processing failed after retries: ${cause}`.slice(0, 500) });
  }
}
