/** What running a screening produces, before it is stored on the record with its outbox event. */
import type { FinalScreeningStatus, ScreeningErrorItem } from '../../../workflows/screening/screening.contract.js';
import type { MatchedList } from './matched-lists.js';
import type { NearMatchOut } from './near-matches.js';

export interface ScreeningOutcome {
  status: FinalScreeningStatus;
  hasMatch: boolean | null;
  matchedLists: MatchedList[] | null;
  /** Name hits a clear birth-date conflict removed (list screenings); stored as [] when left out of a finished outcome. */
  nearMatches?: NearMatchOut[];
  errors: ScreeningErrorItem[] | null;
  /** The list versions (or article corpus) searched: `{slug, version_id, list_type, checksum, fetched_at, entity_count}`. */
  listVersions: Record<string, unknown>[];
  algorithmVersion: string | null;
  threshold: number | null;
}
