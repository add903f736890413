/** Row → the spec's screening resource (`{type, id, attributes, relationships}`), in one place. */
import type { ScreeningRow } from '../../infra/db/tables/screenings.table.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The stored monitoring report, as the resource shows it. */
function monitoringOut(m: Record<string, unknown>) {
  return {
    run_id: m.run_id as string,
    list_slug: m.list_slug as string,
    list_version_id: m.list_version_id as string,
    previous_version_id: (m.previous_version_id as string | null) ?? null,
    mode: m.mode as 'delta' | 'full',
    new_entity_ids: (m.new_entity_ids as string[]) ?? [],
    removed_entities: (m.removed_entities as { id: string; source_id: string; list_slug: string; name: string }[]) ?? [],
  };
}

export function toScreeningResource(row: ScreeningRow) {
  return {
    type: row.type,
    id: row.id,
    attributes: {
      status: row.status,
      execution_mode: row.execution_mode,
      query: row.query,
      has_match: row.has_match,
      created_at: row.created_at.toISOString(),
      started_at: iso(row.started_at),
      completed_at: iso(row.completed_at),
      updated_at: row.updated_at.toISOString(),
      errors: row.errors,
      matched_lists: row.matched_lists,
      near_matches: row.near_matches,
      ignore_list: row.ignore_list,
      list_versions: row.list_versions,
      algorithm_version: row.algorithm_version,
      threshold: row.threshold,
      monitor: row.monitor,
      origin: row.origin,
      batch_id: row.batch_id,
      monitoring: row.monitoring ? monitoringOut(row.monitoring) : null,
    },
    relationships: {
      account: { data: row.account_id ? { type: 'account' as const, id: row.account_id } : null },
      business: { data: row.business_id ? { type: 'business' as const, id: row.business_id } : null },
      monitored_screening: { data: row.monitored_screening_id ? { type: 'screening' as const, id: row.monitored_screening_id } : null },
    },
  };
}
