import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

type Timestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/**
 * The listed entities a monitored subject is known to match: its own result's hits and every hit
 * a monitoring screening reported since. A new hit is one not here; a removal is reported once
 * (removed_in_version_id set).
 */
export interface ScreeningMonitorHitsTable {
  environment: Environment;
  monitored_screening_id: string;
  entity_id: string;
  list_slug: string;
  /** The list's own id and the entity's primary name, for reporting its removal. */
  entity_source_id: string;
  entity_name: string;
  /** The screening whose result holds the hit (the monitored one, or a monitoring screening). */
  reported_screening_id: string;
  removed_in_version_id: string | null;
  created_at: Generated<Date>;
}
export type ScreeningMonitorHitRow = Selectable<ScreeningMonitorHitsTable>;

export type MonitoringRunStatus = 'pending' | 'running' | 'completed' | 'failed';

/** One re-screening of an environment's monitored subjects against an activated list version. */
export interface ScreeningMonitoringRunsTable {
  id: Generated<string>;
  environment: Environment;
  /** The list_version.activated event this run answers (once). */
  event_id: string;
  list_slug: string;
  list_type: string;
  version_id: string;
  previous_version_id: string | null;
  status: ColumnType<MonitoringRunStatus, MonitoringRunStatus | undefined, MonitoringRunStatus>;
  /** What the run compared: `{mode: 'delta'|'full', added, changed, removed}`. */
  delta: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  subjects_screened: ColumnType<string, string | number | undefined, string | number>;
  screenings_created: ColumnType<number, number | undefined, number>;
  removals_reported: ColumnType<number, number | undefined, number>;
  error: string | null;
  created_at: Generated<Date>;
  started_at: Timestamp;
  completed_at: Timestamp;
}
export type ScreeningMonitoringRunRow = Selectable<ScreeningMonitoringRunsTable>;
