/**
 * The one mapping from a stored session to the spec's session resource. The status is the
 * effective one (a created or started session past expires_at reads as expired, with expired_at
 * = expires_at, before the expiry workflow stores it). Devices and verifications are not
 * modelled by this service: those relationships are always empty.
 */
import { effectiveSessionStatus } from '../../../activities/identity/sessions/session-lifecycle.model.js';
import type { SessionRow } from '../../../infra/db/tables/sessions.table.js';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export interface SessionRelations {
  documents: { kind: 'idv' | 'address'; id: string }[];
  businessId: string | null;
}

export const sessionPath = (id: string) => `/v1/identity/sessions/${id}`;

export function toSessionResource(row: SessionRow, relations: SessionRelations, now: Date) {
  const status = effectiveSessionStatus(row, now);
  const lazilyExpired = status === 'expired' && row.status !== 'expired';
  return {
    type: 'session' as const,
    id: row.id,
    attributes: {
      status,
      creator_type: row.creator_type,
      entity_type: row.entity_type,
      creator_id: row.creator_id,
      person: row.person ?? null,
      business: row.business ?? null,
      identity_numbers: row.identity_numbers ?? null,
      contact: row.contact ?? null,
      address: row.address ?? null,
      behavior_analysis: row.behavior_analysis ?? null,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      started_at: iso(row.started_at),
      expires_at: iso(row.expires_at),
      completed_at: iso(row.completed_at),
      failed_at: iso(row.failed_at),
      marked_for_review_at: iso(row.marked_for_review_at),
      decisioned_at: iso(row.decisioned_at),
      expired_at: lazilyExpired ? iso(row.expires_at) : iso(row.expired_at),
      redacted_at: iso(row.redacted_at),
    },
    relationships: {
      account: { data: row.account_id ? { type: 'account' as const, id: row.account_id } : null },
      business: { data: relations.businessId ? { type: 'business' as const, id: relations.businessId } : null },
      documents: { data: relations.documents.map((d) => ({ type: `document/${d.kind}` as const, id: d.id })) },
      session_devices: { data: [] as { type: 'session_device'; id: string }[] },
      verifications: { data: [] as { type: 'verification'; id: string }[] },
    },
  };
}
