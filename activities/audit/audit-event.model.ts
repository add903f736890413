/**
 * An audit event as clients see it (the API resource's attributes, and what streams push): who
 * did what to which resource, when, from where and with what outcome, plus its place in the
 * environment's hash chain.
 */
import type { AuditEventRow } from '../../infra/db/tables/audit.table.js';

export function auditEventAttributes(row: AuditEventRow) {
  return {
    action: row.action,
    occurred_at: row.occurred_at.toISOString(),
    recorded_at: row.recorded_at.toISOString(),
    source: row.source,
    actor: { type: row.actor_type, id: row.actor_id, name: row.actor_name },
    resource: row.resource_type || row.resource_id ? { type: row.resource_type, id: row.resource_id } : null,
    request_id: row.request_id,
    client_ip: row.client_ip,
    user_agent: row.user_agent,
    outcome_status: row.outcome_status,
    recorder_key_id: row.recorder_key_id,
    event_id: row.event_id,
    metadata: row.metadata,
    sequence: Number(row.sequence),
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}

export type AuditEventAttributes = ReturnType<typeof auditEventAttributes>;

/** One audit event as an NDJSON line or a stream message's data. */
export function auditEventResource(row: AuditEventRow) {
  return { type: 'audit_event' as const, id: row.id, environment: row.environment, attributes: auditEventAttributes(row) };
}
