/**
 * The screening workflow's contract, shared by the API (which creates the record, starts the
 * workflow and may wait for it) and the worker: names, workflow id, input/output, the screening
 * types and statuses, the query shapes and the codes a failed screening carries in `errors`.
 * Types and constants only, so both sides may import it.
 */
import type { Environment } from '../../infra/db/tables/common.js';

export const SCREENING_WORKFLOW_TYPE = 'screeningWorkflow';
/** Several screenings in one workflow: POST /v1/screenings/batch, and single screenings started together. */
export const SCREENING_BATCH_WORKFLOW_TYPE = 'screeningBatchWorkflow';
/** The patch that moved a screening's run into one local activity (histories before it replay the two activities). */
export const SCREENING_LOCAL_RUN_PATCH = 'screening-one-local-activity';
export const SCREENING_RESOURCE_TYPE = 'screening';

export const CREATABLE_SCREENING_TYPES = [
  'screening/politically-exposed-person',
  'screening/watchlist',
  'screening/business-watchlist',
  'screening/business-adverse-media',
] as const;
export type ScreeningType = (typeof CREATABLE_SCREENING_TYPES)[number];

/** The list filter also accepts these (spec); no screening of these types can be created here, so they match nothing. */
export const LISTABLE_SCREENING_TYPES = [
  ...CREATABLE_SCREENING_TYPES,
  'screening/business-online-presence',
  'screening/business-classification',
  'screening/business-associated-persons',
  'screening/business-registrations',
] as const;

/** pending → processing → completed | not_found | failed. */
export const SCREENING_STATUSES = ['pending', 'processing', 'completed', 'failed', 'not_found'] as const;
export type ScreeningStatus = (typeof SCREENING_STATUSES)[number];
export type FinalScreeningStatus = Exclude<ScreeningStatus, 'pending' | 'processing'>;

export const EXECUTION_MODES = ['sync', 'async'] as const;
export type ExecutionMode = (typeof EXECUTION_MODES)[number];

export interface PersonScreeningQuery {
  name_first: string;
  name_last: string;
  birthdate?: string;
  country_code?: string;
}
export interface BusinessWatchlistQuery {
  business_name: string;
  country: string;
  registration_number?: string;
}
export interface AdverseMediaQuery {
  business_name: string;
  country: string;
}
export type ScreeningQuery = PersonScreeningQuery | BusinessWatchlistQuery | AdverseMediaQuery;

/** Codes of `attributes.errors[].code` on a failed screening. */
export const SCREENING_ERROR_CODES = {
  /** No active list of the type this screening needs (sanctions/watch lists, or PEP lists). */
  noListsLoaded: 'no_lists_loaded',
  /** No adverse-media article has been ingested, so an adverse-media screening cannot say anything. */
  noArticlesLoaded: 'no_articles_loaded',
  /** The matching itself failed after its retries. */
  screeningFailed: 'screening_failed',
  /** The workflow could not be started (Temporal unavailable); the API answered 503. */
  notStarted: 'screening_not_started',
} as const;

export interface ScreeningErrorItem {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

export interface ScreeningWorkflowInput {
  screeningId: string;
  environment: Environment;
}

export interface ScreeningWorkflowResult {
  screeningId: string;
  status: FinalScreeningStatus;
}

/** One workflow per screening: a repeated start joins the running one. */
export function screeningWorkflowId(screeningId: string): string {
  return `screening-${screeningId}`;
}

/** Screenings matched per activity of a batch: each chunk's results are stored in one transaction. */
export const MATCH_CHUNK_SIZE = 250;
/** The most screenings one POST /v1/screenings/batch may hold. */
export const MAX_BATCH_SCREENINGS = 1000;

export interface ScreeningBatchInput {
  environment: Environment;
  /** In the order they are matched. */
  screeningIds: string[];
}

export interface ScreeningBatchResult {
  screenings: number;
  statuses: Partial<Record<FinalScreeningStatus, number>>;
}

/** The ResourceType search attribute of a batch's workflow (ResourceId: the batch id). */
export const SCREENING_BATCH_RESOURCE_TYPE = 'screening_batch';

/** A POST /v1/screenings/batch: its batch id. */
export function screeningBatchWorkflowId(batchId: string): string {
  return `screening-batch-${batchId}`;
}

/** Single screenings the API started together (under concurrent requests): named by the first. */
export function screeningGroupWorkflowId(firstScreeningId: string): string {
  return `screening-group-${firstScreeningId}`;
}
