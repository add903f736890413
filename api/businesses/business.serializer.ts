/**
 * The one mapping from a stored lookup to the spec's business record:
 * `{id, type: 'business', attributes, relationships: {sessions}, meta}`.
 * Every record field is always present — null or [] until (or unless) the registry filled it —
 * so clients read one shape whatever the async_status. async_status sits in
 * `attributes.async_status` and is mirrored in `meta.async_status`, next to the search_parameters
 * the request sent in its own `data.meta`.
 */
import { emptyBusinessRecord, type BusinessRecordAttributes } from '../../activities/businesses/registries/business-record.model.js';
import type { BusinessRow } from '../../infra/db/tables/businesses.table.js';
import type { AsyncStatus } from '../../workflows/business-lookup/business-lookup.contract.js';

type RecordFields = Omit<BusinessRecordAttributes, 'is_registered'> & { is_registered: boolean | null };

function emptyRecord(asyncStatus: string): RecordFields {
  // A registry that has no such company says it is not registered; otherwise nothing is known yet.
  return { ...emptyBusinessRecord(), is_registered: asyncStatus === 'not_found' ? false : null };
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function toBusinessResource(row: BusinessRow) {
  const asyncStatus = row.async_status as AsyncStatus;
  return {
    id: row.id,
    type: 'business' as const,
    attributes: {
      async_status: asyncStatus,
      country: row.country,
      ...emptyRecord(asyncStatus),
      ...((row.record ?? {}) as Partial<BusinessRecordAttributes>),
      errors: row.errors ?? [],
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      completed_at: iso(row.completed_at),
    },
    relationships: { sessions: { data: [{ type: 'session' as const, id: row.session_id }] } },
    meta: { async_status: asyncStatus, search_parameters: { country: row.country, input: row.search_input } },
  };
}
