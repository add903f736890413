import type { ColumnType, Selectable } from 'kysely';

/** One row per list slug: its display metadata and the pointer to its active version. */
export interface ListSourcesTable {
  slug: string;
  source: ColumnType<Record<string, unknown>, string, string>;
  active_version_id: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type ListSourceRow = Selectable<ListSourcesTable>;
