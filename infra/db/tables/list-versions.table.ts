import type { ColumnType, Generated, Selectable } from 'kysely';

type Json<T = unknown> = ColumnType<T, string | null | undefined, string | null>;
type Timestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type ListVersionStatus = 'loading' | 'active' | 'superseded' | 'failed';

/**
 * One import of one list (reference data, no environment): loaded under `loading`, then made
 * `active` in the transaction that supersedes the previous one; `failed` keeps the error.
 */
export interface ListVersionsTable {
  id: Generated<string>;
  slug: string;
  /** The ListSource echoed into results; null only for a failed import whose file never parsed. */
  source: Json<Record<string, unknown> | null>;
  /** sha256 over the version's files: an import whose checksum is the active one changes nothing. */
  checksum: string;
  /** Where the files came from: `{files: [...]}` or `{urls: [...]}`. */
  origin: Json<Record<string, unknown>>;
  fetched_at: Date;
  entity_count: ColumnType<number, number | undefined, number>;
  warning_count: ColumnType<number, number | undefined, number>;
  status: ColumnType<ListVersionStatus, ListVersionStatus | undefined, ListVersionStatus>;
  error: string | null;
  created_at: Generated<Date>;
  activated_at: Timestamp;
  superseded_at: Timestamp;
  /** Old versions keep their row (screenings name them) but their entities are deleted. */
  entities_pruned_at: Timestamp;
}
export type ListVersionRow = Selectable<ListVersionsTable>;
