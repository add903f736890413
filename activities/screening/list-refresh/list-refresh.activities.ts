/**
 * The list-refresh workflow's side effects, as Temporal activities:
 * - listRefreshPlan: the configured list sources and feed URLs.
 * - downloadListSource: downloads a source's files through the SSRF guard into a local folder
 *   (heartbeating progress); HTTP 4xx and refused addresses are permanent, the rest retried.
 * - importDownloadedList: parses and loads that folder as a list version (same checksum: unchanged;
 *   malformed: a failed version, previous stays live). If the folder is not on this host (another
 *   worker downloaded it), fails with DownloadMissing and the workflow downloads again.
 * - removeListDownload: deletes the folder.
 * - refreshAdverseMediaFeed: downloads one feed and stores its articles.
 */
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { FailureType } from '../../../workflows/shared/failure-types.js';
import type { ActivityDeps } from '../../activity-deps.js';
import { parseArticleText, storeArticles } from '../adverse-media/article-import.js';
import type { ListSource } from '../lists/list-entity.js';
import { findListFileSets } from '../lists/load-directory.js';
import { importListFileSet } from '../list-store/import-list-files.js';
import { recordImportFailure, type ListImportReport } from '../list-store/list-import.js';
import { DownloadError, downloadText, downloadToFile, type DownloadOptions } from '../../../infra/http/guarded-download.js';
import { OutboundRefusedError, outboundPolicyFrom } from '../../../infra/http/outbound-guard.js';
import { feedUrlsFrom, refreshSourcesFrom, type RefreshSource } from './refresh-sources.js';

/** Failure type of an import whose downloaded folder is not on this worker's disk. */
export const DOWNLOAD_MISSING = 'DownloadMissing';

const MAX_LIST_BYTES = 4 * 1024 * 1024 * 1024;
const MAX_FEED_BYTES = 20 * 1024 * 1024;
const IDLE_TIMEOUT_MS = 60_000;

export interface DownloadedList {
  slug: string;
  dir: string;
  host: string;
  files: { file: string; url: string; bytes: number; sha256: string }[];
}

export interface FeedRefreshReport {
  url: string;
  read: number;
  stored: number;
  skipped: number;
}

function toFailure(error: unknown): never {
  if (error instanceof OutboundRefusedError) {
    throw ApplicationFailure.create({ type: FailureType.InvalidInput, message: error.message, nonRetryable: true });
  }
  if (error instanceof DownloadError) {
    throw ApplicationFailure.create({
      type: error.permanent ? FailureType.PermanentUpstream : FailureType.TransientUpstream,
      message: error.message,
      nonRetryable: error.permanent,
      details: error.status ? [{ status: error.status }] : [],
    });
  }
  throw error;
}

function sourceMetadata(source: RefreshSource): ListSource {
  return { slug: source.slug, name: source.name, url: source.url, list_type: source.list_type, country_code: source.country_code, flag_code: source.flag_code };
}

export interface ListRefreshOptions {
  downloadRoot?: string;
  /** Called after a refresh activated a new version (the worker starts rebuilding its index at once). */
  onListActivated?: (listType: string) => void;
}

export function createListRefreshActivities(deps: Pick<ActivityDeps, 'db' | 'clock' | 'logger' | 'config'>, options: ListRefreshOptions = {}) {
  const policy = outboundPolicyFrom(deps.config.OUTBOUND_ALLOWLIST);
  const downloadRoot = options.downloadRoot ?? path.join(os.tmpdir(), 'clearwatch-list-downloads');
  const importDeps = { db: deps.db, logger: deps.logger, clock: deps.clock };
  const downloadOptions = (maxBytes: number, onProgress?: (bytes: number) => void): DownloadOptions => {
    const context = Context.current();
    return { policy, idleTimeoutMs: IDLE_TIMEOUT_MS, maxBytes, signal: context.cancellationSignal, ...(onProgress ? { onProgress } : {}) };
  };

  return {
    async listRefreshPlan(): Promise<{ sources: RefreshSource[]; feeds: string[] }> {
      try {
        return { sources: refreshSourcesFrom(deps.config.LIST_SOURCES), feeds: feedUrlsFrom(deps.config.ADVERSE_MEDIA_FEEDS) };
      } catch (error) {
        throw ApplicationFailure.create({ type: FailureType.InvalidInput, message: (error as Error).message, nonRetryable: true });
      }
    },

    async downloadListSource(source: RefreshSource): Promise<DownloadedList> {
      await mkdir(downloadRoot, { recursive: true });
      const dir = await mkdtemp(path.join(downloadRoot, `${source.slug}-`));
      const files: DownloadedList['files'] = [];
      let total = 0;
      try {
        for (const download of source.downloads) {
          const before = total;
          const result = await downloadToFile(download.url, path.join(dir, download.file), downloadOptions(MAX_LIST_BYTES, (bytes) => {
            total = before + bytes;
            Context.current().heartbeat({ file: download.file, bytes: total });
          }));
          files.push({ file: download.file, url: download.url, bytes: result.bytes, sha256: result.sha256 });
        }
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        deps.logger.warn({ list: source.slug, err: { message: (error as Error).message } }, 'list download failed');
        toFailure(error);
      }
      deps.logger.info({ list: source.slug, files: files.map((f) => ({ file: f.file, bytes: f.bytes })) }, 'list downloaded');
      return { slug: source.slug, dir, host: os.hostname(), files };
    },

    async importDownloadedList(request: { source: RefreshSource; download: DownloadedList }): Promise<ListImportReport> {
      const { source, download } = request;
      const present = await stat(download.dir).then(() => true, () => false);
      if (!present) {
        throw ApplicationFailure.create({ type: DOWNLOAD_MISSING, message: `${download.dir} is not on ${os.hostname()} (downloaded on ${download.host})`, nonRetryable: true });
      }
      const sets = (await findListFileSets(download.dir)).filter((s) => s.format === source.format);
      const urls = download.files.map((f) => f.url);
      const metadata = sourceMetadata(source);
      if (sets.length !== 1) {
        return recordImportFailure(importDeps, {
          source: metadata,
          checksum: null,
          origin: urls,
          originKind: 'urls',
          error: new Error(`the download of ${source.slug} holds ${sets.length} ${source.format} file sets; expected one (files: ${download.files.map((f) => f.file).join(', ')})`),
        });
      }
      // The configured source names the list, whatever the parser would derive from the folder.
      const report = await importListFileSet(importDeps, sets[0]!, { overrideSource: () => metadata, origin: { kind: 'urls', names: urls } });
      if (report.status === 'activated') options.onListActivated?.(source.list_type);
      return report;
    },

    async removeListDownload(download: { dir: string }): Promise<void> {
      if (!path.resolve(download.dir).startsWith(path.resolve(downloadRoot) + path.sep)) return;
      await rm(download.dir, { recursive: true, force: true });
    },

    async refreshAdverseMediaFeed(feed: { url: string }): Promise<FeedRefreshReport> {
      let text: string;
      try {
        ({ text } = await downloadText(feed.url, downloadOptions(MAX_FEED_BYTES)));
      } catch (error) {
        toFailure(error);
      }
      let articles;
      try {
        articles = parseArticleText(text, new URL(feed.url).pathname || feed.url);
      } catch (error) {
        throw ApplicationFailure.create({ type: FailureType.PermanentUpstream, message: `${feed.url}: ${(error as Error).message}`, nonRetryable: true });
      }
      const counts = await storeArticles(importDeps, articles);
      deps.logger.info({ feed: feed.url, ...counts }, 'adverse-media feed ingested');
      return { url: feed.url, ...counts };
    },
  };
}

export type ListRefreshActivities = ReturnType<typeof createListRefreshActivities>;
