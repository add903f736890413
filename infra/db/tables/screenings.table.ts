import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

type Json<T = unknown> = ColumnType<T, string | null | undefined, string | null>;
type Timestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** Screenings: the query, the status the workflow moves it through, and the result once stored. */
export interface ScreeningsTable {
  id: Generated<string>;
  environment: Environment;
  type: string;
  status: ColumnType<string, string | undefined, string>;
  execution_mode: string;
  query: ColumnType<Record<string, unknown>, string, string>;
  has_match: boolean | null;
  matched_lists: Json<unknown[] | null>;
  /** Name hits a clear birth-date conflict removed; [] when none, null until finished (or on older records). */
  near_matches: Json<unknown[] | null>;
  ignore_list: ColumnType<string[], string | undefined, string>;
  errors: Json<unknown[] | null>;
  account_id: string | null;
  business_id: string | null;
  /** The list versions (or article corpus) the result was computed from. */
  list_versions: Json<unknown[] | null>;
  algorithm_version: string | null;
  threshold: number | null;
  created_at: Generated<Date>;
  started_at: Timestamp;
  completed_at: Timestamp;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type ScreeningRow = Selectable<ScreeningsTable>;
