/**
 * The audit consumer of the event log: every event — each state change, whoever caused it, and
 * each audit-only record (API requests, CLI actions, reads of personal data) — becomes one audit
 * event, appended to its environment's hash chain in the transaction that moves the cursor.
 * Events hold ids and codes, never personal data, and so do audit events.
 */
import type { Trx } from '../../infra/db/executor.js';
import type { AuditSource } from '../../infra/db/tables/audit.table.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { EventRow } from '../../infra/db/tables/events.table.js';
import type { EventConsumer } from '../events/relay/event-consumer.js';
import { SLOW_CONSUMER_STEP_INTERVAL_MS } from '../events/relay/relay-loop.js';
import { appendAuditEvents, type AuditEntry } from './audit-chain.js';

export const AUDIT_CONSUMER = 'audit';

const SOURCE: Record<EventRow['actor_type'], AuditSource> = { api_key: 'api', cli: 'cli', system: 'system', client: 'client' };

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

export function auditEntryOf(event: EventRow): AuditEntry {
  const { client_ip, user_agent, status, ...rest } = event.payload as { client_ip?: unknown; user_agent?: unknown; status?: unknown } & Record<string, unknown>;
  const requestFacts = event.category === 'audit';
  return {
    occurredAt: event.occurred_at,
    action: event.type,
    source: SOURCE[event.actor_type],
    actor: { type: event.actor_type, id: event.actor_id, name: event.actor_name },
    resource: { type: event.resource_type, id: event.resource_id },
    requestId: event.request_id,
    clientIp: requestFacts ? text(client_ip) : null,
    userAgent: requestFacts ? text(user_agent) : null,
    outcomeStatus: requestFacts && typeof status === 'number' ? status : null,
    recorderKeyId: null,
    eventId: event.id,
    metadata: requestFacts ? rest : (event.payload as Record<string, unknown>),
  };
}

export function auditConsumer(clock: () => Date): EventConsumer {
  return {
    name: AUDIT_CONSUMER,
    minStepIntervalMs: SLOW_CONSUMER_STEP_INTERVAL_MS,
    async handle(trx: Trx, events: readonly EventRow[]) {
      const byEnvironment = new Map<Environment, AuditEntry[]>();
      for (const event of events) {
        const list = byEnvironment.get(event.environment) ?? [];
        list.push(auditEntryOf(event));
        byEnvironment.set(event.environment, list);
      }
      const now = clock();
      for (const [environment, entries] of byEnvironment) await appendAuditEvents(trx, environment, entries, now);
    },
  };
}
