import type { ColumnType, Selectable } from 'kysely';

type Json<T> = ColumnType<T, string, string>;

/**
 * The entities of one list version. `id` is ours and stable across versions (a UUID v5 of the
 * list slug and the source's own id), so a caller's ignore list survives a list refresh.
 */
export interface ListEntitiesTable {
  version_id: string;
  id: string;
  source_id: string;
  kind: string;
  names: Json<unknown[]>;
  birth_dates: Json<unknown[]>;
  countries: string[];
  identifiers: Json<unknown[]>;
  programs: string[];
  remarks: string | null;
}
export type ListEntityRow = Selectable<ListEntitiesTable>;
