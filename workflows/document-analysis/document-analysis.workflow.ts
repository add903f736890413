/**
 * Processes one generic document, a stage per activity: mark it processing; text with positions
 * (PDF text layer or OCR — long, heartbeating); classification; extraction driven by the schema
 * (when enabled); fraud analysis (when enabled — long, heartbeating); then store everything. Each
 * stage keeps its output in object storage (under the document's prefix), so nothing large or
 * personal passes through Temporal. A stage that can never succeed on this file fails the document
 * with its processing errors; one that keeps failing after its retries fails it with
 * processing_failed.
 */
import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY } from '../shared/retry-policies.js';
import { DOCUMENT_REJECTED_FAILURE, FRAUD_ACTIVITY_ID, TEXT_ACTIVITY_ID, type DocumentAnalysisInput, type DocumentAnalysisResult } from './document-analysis.contract.js';

const nonRetryableErrorTypes = [...NON_RETRYABLE_FAILURES, DOCUMENT_REJECTED_FAILURE];
const stageRetry = { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 3, nonRetryableErrorTypes };

const text = proxyActivities<Activities>({
  activityId: TEXT_ACTIVITY_ID,
  // Up to 200 pages, OCR of up to 20 at 60 s each; the activity heartbeats on every page.
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '2 minutes',
  retry: stageRetry,
});
const fraud = proxyActivities<Activities>({
  activityId: FRAUD_ACTIVITY_ID,
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '2 minutes',
  retry: stageRetry,
});
const stage = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '1 minute',
  retry: stageRetry,
});
const database = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes },
});

export async function documentAnalysisWorkflow(input: DocumentAnalysisInput): Promise<DocumentAnalysisResult> {
  const started = await database.startDocumentAnalysis(input);
  if (!started.started) return { status: 'skipped' };
  try {
    await text.extractDocumentTextStage(input);
    await stage.classifyDocumentStage(input);
    if (started.extraction) await stage.extractDocumentDataStage(input);
    if (started.fraud) await fraud.analyseDocumentFraudStage(input);
    return await database.finishDocumentAnalysis(input);
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const cause = error.cause;
    const rejected = cause instanceof ApplicationFailure && cause.type === DOCUMENT_REJECTED_FAILURE;
    return database.failDocumentAnalysis({
      ...input,
      errors: rejected ? (cause.details?.[0] as unknown[]) ?? [] : [],
      detail: rejected ? null : `processing failed after retries: ${cause?.message ?? error.message}`.slice(0, 500),
    });
  }
}
