/**
 * The audit log's hash chain. Each audit event's `hash` is SHA-256 over its canonical form
 * (RFC 8785 JSON canonicalization of every stored field but the hash itself, `prev_hash`
 * included), so a changed field, a removed row or a reordering breaks the chain at that row.
 * Appends lock the environment's chain head, so each environment's chain has one writer at a time.
 */
import { createHash, randomUUID } from 'node:crypto';
import canonicalize from 'canonicalize';
import { insertAuditEvents, lockChainHead, moveChainHead } from '../../infra/db/repositories/audit.repository.js';
import type { Trx } from '../../infra/db/executor.js';
import type { AuditEventRow, AuditSource } from '../../infra/db/tables/audit.table.js';
import type { Environment } from '../../infra/db/tables/common.js';

/** What an audit event says, before the chain gives it its position and hash. */
export interface AuditEntry {
  occurredAt: Date;
  action: string;
  source: AuditSource;
  actor: { type: string; id: string | null; name: string | null };
  resource: { type: string | null; id: string | null };
  requestId: string | null;
  clientIp: string | null;
  userAgent: string | null;
  outcomeStatus: number | null;
  recorderKeyId: string | null;
  eventId: string | null;
  metadata: Record<string, unknown>;
}

/** The stored fields an audit event's hash covers. */
export interface ChainedFields {
  id: string;
  environment: Environment;
  sequence: number;
  occurred_at: string;
  recorded_at: string;
  action: string;
  source: string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string | null;
  resource_type: string | null;
  resource_id: string | null;
  request_id: string | null;
  client_ip: string | null;
  user_agent: string | null;
  outcome_status: number | null;
  recorder_key_id: string | null;
  event_id: string | null;
  metadata: Record<string, unknown>;
  prev_hash: string;
}

export function chainedFieldsOf(row: AuditEventRow): ChainedFields {
  return {
    id: row.id,
    environment: row.environment,
    sequence: Number(row.sequence),
    occurred_at: row.occurred_at.toISOString(),
    recorded_at: row.recorded_at.toISOString(),
    action: row.action,
    source: row.source,
    actor_type: row.actor_type,
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    request_id: row.request_id,
    client_ip: row.client_ip,
    user_agent: row.user_agent,
    outcome_status: row.outcome_status,
    recorder_key_id: row.recorder_key_id,
    event_id: row.event_id,
    metadata: row.metadata,
    prev_hash: row.prev_hash,
  };
}

export function auditHash(fields: ChainedFields): string {
  const canonical = canonicalize(fields);
  if (canonical === undefined) throw new Error('audit event has no canonical form');
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/** Millisecond precision: what JavaScript holds is what is stored, so hashes recompute exactly. */
const ms = (d: Date) => new Date(Math.floor(d.getTime()));

/** Appends entries to the environment's chain in the caller's transaction; returns the stored rows. */
export async function appendAuditEvents(trx: Trx, environment: Environment, entries: readonly AuditEntry[], now: Date): Promise<AuditEventRow[]> {
  if (entries.length === 0) return [];
  const head = await lockChainHead(trx, environment);
  let prev = head.lastHash;
  let sequence = head.lastSequence;
  const rows = entries.map((e) => {
    sequence += 1;
    const fields: ChainedFields = {
      id: randomUUID(),
      environment,
      sequence,
      occurred_at: ms(e.occurredAt).toISOString(),
      recorded_at: ms(now).toISOString(),
      action: e.action,
      source: e.source,
      actor_type: e.actor.type,
      actor_id: e.actor.id,
      actor_name: e.actor.name,
      resource_type: e.resource.type,
      resource_id: e.resource.id,
      request_id: e.requestId,
      client_ip: e.clientIp,
      user_agent: e.userAgent,
      outcome_status: e.outcomeStatus,
      recorder_key_id: e.recorderKeyId,
      event_id: e.eventId,
      metadata: e.metadata,
      prev_hash: prev,
    };
    const hash = auditHash(fields);
    prev = hash;
    return { ...fields, occurred_at: new Date(fields.occurred_at), recorded_at: new Date(fields.recorded_at), metadata: JSON.stringify(fields.metadata), source: e.source, hash };
  });
  const stored = await insertAuditEvents(trx, rows);
  await moveChainHead(trx, environment, sequence, prev);
  return stored.sort((a, b) => Number(a.sequence) - Number(b.sequence));
}
