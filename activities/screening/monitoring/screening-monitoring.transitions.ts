/**
 * The state changes of ongoing monitoring, each in one transaction with its events:
 * - runs are recorded for list_version.activated events (by the monitoring consumer, in the
 *   transaction that moves its cursor; no event of their own: they are internal bookkeeping);
 * - a run's findings become monitoring screenings, inserted finished with their events (pending,
 *   processing, completed: the lifecycle every screening tells, so webhooks see them as any other),
 *   the new hits become the subject's known hits and reported removals are marked, so the next run
 *   reports neither again. A subject already reported by the same run (a retried page) is skipped.
 */
import {
  insertMonitorHits,
  insertMonitoringRuns,
  insertMonitoringScreenings,
  markHitsRemoved,
  type NewMonitoringRun,
  type NewMonitoringScreening,
} from '../../../infra/db/repositories/screening-monitoring.repository.js';
import { inTransaction, type Executor, type Trx } from '../../../infra/db/executor.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import type { ScreeningMonitoringRunRow } from '../../../infra/db/tables/screening-monitoring.table.js';
import type { Actor } from '../../events/actor.model.js';
import { recordEvents } from '../../events/record-event.js';
import { asProcessing, screeningEvent } from '../screening.transitions.js';
import { resultEntities } from './monitor-hits.js';
import type { RemovedEntity } from './monitoring-report.model.js';

export async function recordMonitoringRuns(trx: Trx, runs: readonly NewMonitoringRun[]): Promise<ScreeningMonitoringRunRow[]> {
  return insertMonitoringRuns(trx, runs);
}

export interface MonitoringFinding extends NewMonitoringScreening {
  removed: RemovedEntity[];
}

/** Stores findings as monitoring screenings; returns how many screenings were created. */
export async function reportMonitoringFindings(db: Executor, actor: Actor, environment: Environment, findings: readonly MonitoringFinding[], versionId: string, at: Date): Promise<number> {
  if (findings.length === 0) return 0;
  return inTransaction(db, async (trx) => {
    const rows = await insertMonitoringScreenings(trx, findings, at);
    if (rows.length === 0) return 0;
    const created = new Set(rows.map((r) => r.monitored_screening_id));
    await recordEvents(
      trx,
      actor,
      rows.flatMap((row) => [screeningEvent({ ...asProcessing(row), status: 'pending', started_at: null, completed_at: null }, 'pending'), screeningEvent(asProcessing(row), 'processing'), screeningEvent(row)]),
    );
    await insertMonitorHits(
      trx,
      rows.flatMap((row) =>
        resultEntities(row.matched_lists).map((e) => ({
          environment, monitoredScreeningId: row.monitored_screening_id!, entityId: e.entityId, listSlug: e.listSlug, entitySourceId: e.sourceId, entityName: e.name, reportedScreeningId: row.id,
        })),
      ),
      // A reported new hit may be a relisted entity: known again, no longer removed.
      'relist',
    );
    await markHitsRemoved(
      trx,
      findings.filter((f) => created.has(f.monitored.id)).flatMap((f) => f.removed.map((r) => ({ monitoredScreeningId: f.monitored.id, entityId: r.id }))),
      versionId,
    );
    return rows.length;
  });
}
