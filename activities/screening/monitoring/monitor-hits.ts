/**
 * Keeps screening_monitor_hits in step with results, inside the caller's transaction: when a
 * monitored screening stores its result (or monitoring is switched on for a completed one), the
 * entities it matched become the subject's known hits, against which a monitoring run tells a new
 * hit from one already reported, and through which a removed entity finds its subjects. An entity
 * already known keeps its state: switching monitoring off and on again must not forget a removal
 * already reported (it would be reported again) nor who reported a hit.
 */
import { insertMonitorHits, type NewMonitorHit } from '../../../infra/db/repositories/screening-monitoring.repository.js';
import type { Trx } from '../../../infra/db/executor.js';
import type { ScreeningRow } from '../../../infra/db/tables/screenings.table.js';

/** The entities of a stored result, per list. */
export function resultEntities(matchedLists: unknown): { entityId: string; listSlug: string; sourceId: string; name: string }[] {
  const lists = (Array.isArray(matchedLists) ? matchedLists : []) as { slug?: string; entities?: { id?: string; source_id?: string; primary_name?: string; name?: string }[] }[];
  return lists.flatMap((list) =>
    (list.entities ?? [])
      .filter((e) => typeof e.id === 'string' && list.slug)
      .map((e) => ({ entityId: e.id!, listSlug: list.slug!, sourceId: String(e.source_id ?? ''), name: String(e.primary_name ?? e.name ?? '') })),
  );
}

/** Records the hits of monitored subjects' own results (no-op for rows without monitoring or hits). */
export async function recordMonitoredHits(trx: Trx, rows: readonly ScreeningRow[]): Promise<void> {
  const hits: NewMonitorHit[] = rows
    .filter((row) => row.monitor && row.status === 'completed' && row.origin !== 'monitoring')
    .flatMap((row) =>
      resultEntities(row.matched_lists).map((e) => ({
        environment: row.environment, monitoredScreeningId: row.id, entityId: e.entityId, listSlug: e.listSlug,
        entitySourceId: e.sourceId, entityName: e.name, reportedScreeningId: row.id,
      })),
    );
  await insertMonitorHits(trx, hits, 'keep');
}
