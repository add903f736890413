/**
 * Runs a person or business query against the active lists of its group and builds the stored
 * outcome: matched_lists, has_match (ignored entities never count), near_matches (name hits a
 * birth-date conflict removed; never part of has_match), the list versions, algorithm version and
 * threshold used. No list of the group loaded is a failure (`no_lists_loaded`), never
 * a silent "no match".
 */
import {
  SCREENING_ERROR_CODES,
  type BusinessWatchlistQuery,
  type PersonScreeningQuery,
  type ScreeningType,
} from '../../../workflows/screening/screening.contract.js';
import type { LoadedListIndex, MatchIndexCache } from '../index-cache/match-index-cache.js';
import type { ListGroup } from '../index-cache/list-groups.js';
import { ALGORITHM_VERSION, DEFAULT_THRESHOLD, screen, type MatchQuery } from '../matching/matcher.js';
import { groupHitsByList } from './matched-lists.js';
import { toNearMatches } from './near-matches.js';
import type { ScreeningOutcome } from './screening-outcome.js';

/** Hits kept per screening (after ignored ones); the best first. */
export const MAX_HITS = 50;

/** `ZZ` is the spec's "unknown country": it must not count as evidence either way. */
function knownCountry(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const upper = code.toUpperCase();
  return upper === 'ZZ' ? undefined : upper;
}

export function toMatchQuery(type: ScreeningType, query: Record<string, unknown>): MatchQuery {
  if (type === 'screening/business-watchlist') {
    const q = query as unknown as BusinessWatchlistQuery;
    const country = knownCountry(q.country);
    return { kind: 'business', business_name: q.business_name, ...(country ? { country } : {}), ...(q.registration_number ? { registration_number: q.registration_number } : {}) };
  }
  const q = query as unknown as PersonScreeningQuery;
  const country = knownCountry(q.country_code);
  return { kind: 'person', name_first: q.name_first, name_last: q.name_last, ...(q.birthdate ? { birthdate: q.birthdate } : {}), ...(country ? { country_code: country } : {}) };
}

export function listGroupFor(type: ScreeningType): ListGroup {
  return type === 'screening/politically-exposed-person' ? 'pep' : 'watchlist';
}

const GROUP_LABEL: Record<ListGroup, string> = { watchlist: 'sanctions or watch list', pep: 'politically exposed persons list' };

export async function runListScreening(
  cache: MatchIndexCache,
  type: ScreeningType,
  query: Record<string, unknown>,
  ignoreList: readonly string[],
  options: { threshold?: number } = {},
): Promise<ScreeningOutcome> {
  return screenAgainst(await cache.get(listGroupFor(type)), type, query, ignoreList, options);
}

/** The outcome of one query against the loaded index of its list group (null: no list of the group is loaded). */
export function screenAgainst(
  loaded: LoadedListIndex | null,
  type: ScreeningType,
  query: Record<string, unknown>,
  ignoreList: readonly string[],
  options: { threshold?: number } = {},
): ScreeningOutcome {
  const group = listGroupFor(type);
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  if (!loaded) {
    return {
      status: 'failed',
      hasMatch: null,
      matchedLists: null,
      errors: [{ code: SCREENING_ERROR_CODES.noListsLoaded, message: `No ${GROUP_LABEL[group]} is loaded; import lists before screening`, details: { list_group: group } }],
      listVersions: [],
      algorithmVersion: ALGORITHM_VERSION,
      threshold,
    };
  }
  const ignored = new Set(ignoreList);
  const { hits, nearMatches } = screen(loaded.index, toMatchQuery(type, query), { threshold, limit: MAX_HITS + ignored.size });
  const matchedLists = groupHitsByList(hits, loaded.sources, ignored);
  let kept = 0;
  for (const list of matchedLists) {
    list.entities = list.entities.slice(0, Math.max(0, MAX_HITS - kept));
    kept += list.entities.length;
  }
  const nonEmpty = matchedLists.filter((l) => l.entities.length > 0);
  return {
    status: 'completed',
    hasMatch: nonEmpty.length > 0,
    matchedLists: nonEmpty,
    nearMatches: toNearMatches(nearMatches, loaded.sources, ignored, MAX_HITS),
    errors: null,
    listVersions: loaded.versions.map((v) => ({
      slug: v.slug,
      version_id: v.versionId,
      list_type: v.source.list_type,
      checksum: v.checksum,
      fetched_at: v.fetchedAt.toISOString(),
      entity_count: v.entityCount,
    })),
    algorithmVersion: ALGORITHM_VERSION,
    threshold,
  };
}
