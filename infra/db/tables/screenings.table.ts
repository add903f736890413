import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

type Json<T = unknown> = ColumnType<T, string | null | undefined, string | null>;
type Timestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type ScreeningOrigin = 'api' | 'batch' | 'monitoring';

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
  /** Re-screen this subject against every new version of its lists (ongoing monitoring). */
  monitor: ColumnType<boolean, boolean | undefined, boolean>;
  /** api (POST /v1/screenings), batch (POST /v1/screenings/batch) or monitoring (made by a monitoring run). */
  origin: ColumnType<ScreeningOrigin, ScreeningOrigin | undefined, ScreeningOrigin>;
  /** A monitoring screening: the monitored screening it reports on. */
  monitored_screening_id: string | null;
  /** A monitoring screening: the run, the list version and the removed entities it reports. */
  monitoring: Json<Record<string, unknown> | null>;
  batch_id: string | null;
  /** The workflow that ran the screening (set when it ran; one workflow may run several). */
  workflow_id: string | null;
}
export type ScreeningRow = Selectable<ScreeningsTable>;
