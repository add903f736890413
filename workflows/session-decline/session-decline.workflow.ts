/**
 * Declines a session durably: one activity decides and stores the decline (session declined with
 * decisioned_at, its unfinished documents failed with `processing_cancelled`, files still awaiting
 * upload expired, outbox events — all in one transaction), then the workflow cancels the
 * document-processing workflows of those documents. A document whose processing finishes in the
 * meantime cannot overwrite the failure: results are stored only into submitted documents.
 */
import { getExternalWorkflowHandle, proxyActivities, log } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { documentProcessingWorkflowId } from '../document-processing/document-processing.contract.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import type { SessionDeclineInput, SessionDeclineResult } from './session-decline.contract.js';

const database = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

export async function sessionDeclineWorkflow(input: SessionDeclineInput): Promise<SessionDeclineResult> {
  const decided = await database.declineSession(input);
  for (const documentId of decided.cancelledDocumentIds) {
    try {
      await getExternalWorkflowHandle(documentProcessingWorkflowId(documentId)).cancel();
    } catch {
      // Not started yet, or already finished: nothing is running to cancel.
      log.info('no document processing to cancel', { documentId });
    }
  }
  return decided;
}
