/**
 * Refreshes every configured list, one after the other (a large list is held in memory while it
 * loads): download → import → remove the download, as activities with retries. A source that fails
 * (after its retries) is reported and the others go on; a malformed download fails that import only
 * and leaves the previous version live. Then ingests the adverse-media feeds.
 */
import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import type { RefreshSource } from '../../activities/screening/list-refresh/refresh-sources.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { EXTERNAL_RETRY, INTERNAL_RETRY } from '../shared/retry-policies.js';
import type { FeedRefreshOutcome, ListRefreshInput, ListRefreshOutcome, ListRefreshResult } from './list-refresh.contract.js';

/** Failure type (list-refresh.activities.ts) of an import that ran on a worker without the download. */
const DOWNLOAD_MISSING = 'DownloadMissing';
/** Downloads repeated because another worker picked up the import. */
const MAX_DOWNLOAD_ROUNDS = 3;

const downloads = proxyActivities<Activities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { ...EXTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

const imports = proxyActivities<Activities>({
  startToCloseTimeout: '1 hour',
  retry: { ...INTERNAL_RETRY, maximumAttempts: 3, nonRetryableErrorTypes: [...NON_RETRYABLE_FAILURES, DOWNLOAD_MISSING] },
});

const local = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

function reason(error: unknown): string {
  if (error instanceof ActivityFailure && error.cause) return error.cause.message;
  return (error as Error).message;
}

function isDownloadMissing(error: unknown): boolean {
  return error instanceof ActivityFailure && error.cause instanceof ApplicationFailure && error.cause.type === DOWNLOAD_MISSING;
}

async function refreshList(source: RefreshSource): Promise<ListRefreshOutcome> {
  for (let round = 1; ; round += 1) {
    let download;
    try {
      download = await downloads.downloadListSource(source);
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      return { slug: source.slug, status: 'download_failed', versionId: null, entityCount: 0, warningCount: 0, error: reason(error) };
    }
    try {
      const report = await imports.importDownloadedList({ source, download });
      return { slug: report.slug, status: report.status, versionId: report.versionId, entityCount: report.entityCount, warningCount: report.warningCount, error: report.error ?? null };
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      if (isDownloadMissing(error) && round < MAX_DOWNLOAD_ROUNDS) continue;
      return { slug: source.slug, status: 'failed', versionId: null, entityCount: 0, warningCount: 0, error: reason(error) };
    } finally {
      await local.removeListDownload({ dir: download.dir }).catch(() => undefined);
    }
  }
}

async function refreshFeed(url: string): Promise<FeedRefreshOutcome> {
  try {
    const report = await downloads.refreshAdverseMediaFeed({ url });
    return { url, status: 'ingested', stored: report.stored, error: null };
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    return { url, status: 'failed', stored: 0, error: reason(error) };
  }
}

export async function listRefreshWorkflow(input: ListRefreshInput = {}): Promise<ListRefreshResult> {
  const plan = input.sources && input.feeds ? { sources: input.sources, feeds: input.feeds } : await local.listRefreshPlan();
  const sources = input.sources ?? plan.sources;
  const feeds = input.feeds ?? plan.feeds;
  const lists: ListRefreshOutcome[] = [];
  for (const source of sources) lists.push(await refreshList(source));
  const feedOutcomes: FeedRefreshOutcome[] = [];
  for (const url of feeds) feedOutcomes.push(await refreshFeed(url));
  return { lists, feeds: feedOutcomes };
}
