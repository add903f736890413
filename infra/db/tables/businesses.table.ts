import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

type Json<T = unknown> = ColumnType<T, string | null | undefined, string | null>;

/** Business registry lookups: the search input, the async status and the registry record once found. */
export interface BusinessesTable {
  id: Generated<string>;
  environment: Environment;
  session_id: string;
  country: string;
  search_input: ColumnType<Record<string, unknown>, string, string>;
  async_status: ColumnType<string, string | undefined, string>;
  record: Json<Record<string, unknown> | null>;
  errors: Json<unknown[] | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  completed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export type BusinessRow = Selectable<BusinessesTable>;
