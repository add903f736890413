/**
 * The worker's in-memory matcher indexes, one per list group, built from the ACTIVE list versions.
 * Every lookup runs one small query for the active version set (lookups made while one such query
 * is in flight share it); when it differs from what the cached index was built from, one rebuild
 * starts and every concurrent screening awaits that same build (a screening never runs against a
 * list version it does not record). A failed build is dropped so the next screening retries it.
 * `lookup` also says whether the index is ready, so a caller can mark its screenings processing
 * before waiting for a build.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/database.js';
import type { Logger } from '../../../infra/logger/logger.js';
import { listActiveVersions, readVersionEntities, type ActiveListVersion } from '../../../infra/db/repositories/list-versions.repository.js';
import type { ListSource, StoredListEntity } from '../lists/list-entity.js';
import { IndexBuilder, type MatchIndex } from '../matching/matcher.js';
import { listGroupOf, type ListGroup } from './list-groups.js';

export interface LoadedListIndex {
  group: ListGroup;
  index: MatchIndex;
  /** The versions the index holds, for the screening record. */
  versions: ActiveListVersion<ListSource>[];
  sources: Map<string, ListSource>;
  entityCount: number;
  buildMs: number;
}

interface CacheEntry {
  fingerprint: string;
  build: Promise<LoadedListIndex>;
  built: boolean;
}

export interface IndexLookup {
  /** The index is built for the active versions: `index` resolves at once. */
  ready: boolean;
  /** The index, or null when no list of the group is active. */
  index: Promise<LoadedListIndex | null>;
}

export class MatchIndexCache {
  private readonly entries = new Map<ListGroup, CacheEntry>();
  /** Builds started, for tests and metrics. */
  buildsStarted = 0;

  constructor(private readonly deps: { db: Kysely<Database>; logger: Logger; now?: () => number }) {}

  private activeQuery: Promise<ActiveListVersion<ListSource>[]> | undefined;

  /** The index over the group's active lists, or null when no list of the group is active. */
  async get(group: ListGroup): Promise<LoadedListIndex | null> {
    return (await this.lookup(group)).index;
  }

  /** The group's index (starting its build when the active versions changed), and whether it is ready now. */
  async lookup(group: ListGroup): Promise<IndexLookup> {
    const versions = (await this.activeVersions()).filter((v) => listGroupOf(v.source.list_type) === group);
    if (versions.length === 0) return { ready: true, index: Promise.resolve(null) };
    const fingerprint = versions.map((v) => v.versionId).sort().join(',');
    const cached = this.entries.get(group);
    if (cached && cached.fingerprint === fingerprint) return { ready: cached.built, index: cached.build };

    this.buildsStarted += 1;
    const build = this.build(group, versions);
    const entry: CacheEntry = { fingerprint, build, built: false };
    this.entries.set(group, entry);
    build.then(
      () => void (entry.built = true),
      (error: unknown) => {
        this.deps.logger.error({ err: error, group }, 'matcher index build failed');
        if (this.entries.get(group)?.build === build) this.entries.delete(group);
      },
    );
    return { ready: false, index: build };
  }

  /** Whether this cache holds (or is building) an index of the group: a list refresh rebuilds only what a worker uses. */
  holds(group: ListGroup): boolean {
    return this.entries.has(group);
  }

  private activeVersions(): Promise<ActiveListVersion<ListSource>[]> {
    if (!this.activeQuery) {
      const query = listActiveVersions<ListSource>(this.deps.db);
      this.activeQuery = query;
      const clear = () => {
        if (this.activeQuery === query) this.activeQuery = undefined;
      };
      query.then(clear, clear);
    }
    return this.activeQuery;
  }

  private async build(group: ListGroup, versions: ActiveListVersion<ListSource>[]): Promise<LoadedListIndex> {
    const now = this.deps.now ?? Date.now;
    const started = now();
    const builder = new IndexBuilder();
    let entityCount = 0;
    for (const version of versions) {
      // Each awaited batch also yields the event loop, so other activities keep running during a build.
      const loaded = await readVersionEntities<StoredListEntity>(this.deps.db, version.versionId, (batch) => {
        for (const entity of batch) {
          const { remarks: _remarks, ...rest } = entity;
          builder.add({ ...rest, list_slug: version.slug });
        }
      });
      if (loaded !== version.entityCount) {
        // The version's entities were pruned mid-read (two refreshes in quick succession): retry later.
        throw new Error(`list ${version.slug} version ${version.versionId}: read ${loaded} of ${version.entityCount} entities`);
      }
      entityCount += loaded;
    }
    const index = builder.build();
    const buildMs = now() - started;
    this.deps.logger.info({ group, lists: versions.map((v) => v.slug), entities: entityCount, buildMs }, 'matcher index built');
    return { group, index, versions, sources: new Map(versions.map((v) => [v.slug, v.source])), entityCount, buildMs };
  }
}

/** How often a worker that runs screenings checks its indexes against the active list versions. */
export const INDEX_REFRESH_MS = 10_000;
const GROUPS: readonly ListGroup[] = ['watchlist', 'pep'];

/**
 * Builds every index `cache` serves now and, every `everyMs`, rebuilds the ones whose active list
 * versions changed (a build failure is logged by the cache and tried again next time), so that no
 * screening waits for a build after the process starts or a list changes — whichever process
 * imported it. For a process that runs screenings: the API's own screening worker, and a standalone
 * worker serving the screening-runs queue (which takes batches). Returns the stop.
 */
export function keepIndexesFresh(cache: MatchIndexCache, everyMs = INDEX_REFRESH_MS): () => void {
  const refresh = () => GROUPS.forEach((g) => void cache.get(g).catch(() => undefined));
  refresh();
  const timer = setInterval(refresh, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
