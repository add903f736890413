/** Audit rows to the resources the audit routes answer with; stream credentials never leave. */
import { auditEventResource } from '../../activities/audit/audit-event.model.js';
import type { AuditEventRow, AuditStreamRow } from '../../infra/db/tables/audit.table.js';

export function toAuditEventResource(row: AuditEventRow) {
  const { environment: _environment, ...resource } = auditEventResource(row);
  return resource;
}

export function toAuditStreamResource(row: AuditStreamRow) {
  return {
    type: 'audit_stream' as const,
    id: row.id,
    attributes: {
      action_prefix: row.action_prefix,
      destination:
        row.type === 'https'
          ? { type: 'https' as const, url: row.url ?? '', secret_prefix: row.secret_prefix ?? '' }
          : { type: 's3' as const, bucket: row.bucket ?? '', prefix: row.prefix ?? '', endpoint: row.s3_endpoint ?? '', region: row.s3_region ?? '' },
      is_active: row.is_active,
      last_sequence: Number(row.last_sequence),
      last_error: row.last_error,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    },
  };
}
