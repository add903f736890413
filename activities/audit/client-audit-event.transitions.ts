/**
 * A client's own audit event (POST /v1/audit/events): appended to the environment's hash chain
 * with the calling key as its recorder (and, unless the client names one, as its actor), so the
 * client's records sit in the same tamper-evident chain as the service's own.
 */
import { inTransaction, type Executor } from '../../infra/db/executor.js';
import type { AuditEventRow } from '../../infra/db/tables/audit.table.js';
import type { Environment } from '../../infra/db/tables/common.js';
import { appendAuditEvents } from './audit-chain.js';

export interface ClientAuditEvent {
  environment: Environment;
  recorder: { keyId: string; keyName: string };
  requestId: string;
  action: string;
  occurredAt: Date;
  actor: { type: string; id: string | null; name: string | null } | null;
  resource: { type: string | null; id: string | null } | null;
  metadata: Record<string, unknown>;
}

export async function recordClientAuditEvent(db: Executor, event: ClientAuditEvent, now: Date): Promise<AuditEventRow> {
  return inTransaction(db, async (trx) => {
    const [row] = await appendAuditEvents(trx, event.environment, [{
      occurredAt: event.occurredAt,
      action: event.action,
      source: 'client',
      actor: event.actor ?? { type: 'api_key', id: event.recorder.keyId, name: event.recorder.keyName },
      resource: event.resource ?? { type: null, id: null },
      requestId: event.requestId,
      clientIp: null,
      userAgent: null,
      outcomeStatus: null,
      recorderKeyId: event.recorder.keyId,
      eventId: null,
      metadata: event.metadata,
    }], now);
    return row!;
  });
}
