/**
 * What a monitoring run reports about one subject, and the finished screening it becomes. Pure.
 * - A new hit: an entity the subject's query matches in the activated version's delta (entities
 *   added or changed), that the caller has not cleared (ignore_list) and that the subject is not
 *   already known to match (its own result, or an earlier monitoring screening; an entity reported
 *   removed and listed again is new again).
 * - A removal: an entity the subject is known to match that the activated version no longer lists.
 * The monitoring screening is `completed`; `has_match` and `matched_lists` hold the new hits only;
 * `monitoring.removed_entities` names the removals (has_match stays false for a removal alone).
 */
import type { ListSource } from '../lists/list-entity.js';
import type { MatchHit, NearMatch } from '../matching/matcher.js';
import { groupHitsByList } from '../results/matched-lists.js';
import { toNearMatches } from '../results/near-matches.js';
import type { ScreeningOutcome } from '../results/screening-outcome.js';

export interface RemovedEntity {
  id: string;
  source_id: string;
  list_slug: string;
  name: string;
}

export interface KnownHit {
  removed: boolean;
}

/** Delta hits that are new for the subject, best first. */
export function newHits(hits: readonly MatchHit[], ignoreList: ReadonlySet<string>, known: ReadonlyMap<string, KnownHit> | undefined): MatchHit[] {
  return hits.filter((h) => !ignoreList.has(h.entity.id) && (known?.get(h.entity.id)?.removed ?? true));
}

export interface MonitoredVersion {
  slug: string;
  versionId: string;
  previousVersionId: string | null;
  source: ListSource;
  checksum: string;
  fetchedAt: Date;
  entityCount: number;
}

export interface MonitoringRunFacts {
  runId: string;
  version: MonitoredVersion;
  /** delta: compared with the previous version; full: no previous version to compare (a new list, or it was pruned). */
  mode: 'delta' | 'full';
  algorithmVersion: string;
  threshold: number;
}

export const MAX_REPORTED_HITS = 50;

export interface SubjectFindings {
  hits: MatchHit[];
  nearMatches: NearMatch[];
  removed: RemovedEntity[];
  ignoreList: ReadonlySet<string>;
}

/** The stored result and the `monitoring` attribute of a monitoring screening. */
export function monitoringReport(facts: MonitoringRunFacts, findings: SubjectFindings): { outcome: ScreeningOutcome; monitoring: Record<string, unknown> & { run_id: string } } {
  const v = facts.version;
  const sources = new Map([[v.slug, v.source]]);
  const matchedLists = groupHitsByList(findings.hits.slice(0, MAX_REPORTED_HITS), sources, findings.ignoreList);
  return {
    outcome: {
      status: 'completed',
      hasMatch: matchedLists.length > 0,
      matchedLists,
      nearMatches: toNearMatches(findings.nearMatches, sources, findings.ignoreList, MAX_REPORTED_HITS),
      errors: null,
      listVersions: [{ slug: v.slug, version_id: v.versionId, list_type: v.source.list_type, checksum: v.checksum, fetched_at: v.fetchedAt.toISOString(), entity_count: v.entityCount }],
      algorithmVersion: facts.algorithmVersion,
      threshold: facts.threshold,
    },
    monitoring: {
      run_id: facts.runId,
      list_slug: v.slug,
      list_version_id: v.versionId,
      previous_version_id: v.previousVersionId,
      mode: facts.mode,
      new_entity_ids: matchedLists.flatMap((l) => l.entities.map((e) => e.id)),
      removed_entities: findings.removed,
    },
  };
}

/** The screening types whose subjects a list type's versions concern. */
export function monitoredTypesFor(listType: string): string[] {
  return listType === 'pep' ? ['screening/politically-exposed-person'] : ['screening/watchlist', 'screening/business-watchlist'];
}
