/**
 * The list-refresh workflow's contract: names, schedule id, input (sources and feeds, or none to
 * use the worker's configuration) and the per-source report it returns. Types and constants only.
 */
import type { RefreshSource } from '../../activities/screening/list-refresh/refresh-sources.js';

export const LIST_REFRESH_WORKFLOW_TYPE = 'listRefreshWorkflow';
export const LIST_REFRESH_SCHEDULE_ID = 'clearwatch-list-refresh';

export interface ListRefreshInput {
  /** Lists to refresh; absent: the worker's configuration (LIST_SOURCES or the defaults). */
  sources?: RefreshSource[];
  /** Adverse-media feed URLs; absent: ADVERSE_MEDIA_FEEDS. */
  feeds?: string[];
}

export interface ListRefreshOutcome {
  slug: string;
  /** activated / unchanged / failed (the import failed: malformed file) / download_failed. */
  status: 'activated' | 'unchanged' | 'failed' | 'skipped' | 'download_failed';
  versionId: string | null;
  entityCount: number;
  warningCount: number;
  error: string | null;
}

export interface FeedRefreshOutcome {
  url: string;
  status: 'ingested' | 'failed';
  stored: number;
  error: string | null;
}

export interface ListRefreshResult {
  lists: ListRefreshOutcome[];
  feeds: FeedRefreshOutcome[];
}

/** A run started by hand (`temporal workflow start`) or by tests gets its own id; the schedule names its runs itself. */
export function listRefreshWorkflowId(suffix: string): string {
  return `list-refresh-${suffix}`;
}
