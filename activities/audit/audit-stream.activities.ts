/**
 * Pushes an environment's new audit events to one audit stream (the `runAuditStream` activity,
 * run for a few minutes at a time by the stream's workflow): wakes on every audit append (LISTEN),
 * takes the events after the stream's position (optionally only actions with its prefix), and
 *  - https: owes each one to the stream as a delivery of the webhook delivery engine (signed like
 *    webhooks, same retries) and moves the position, in one transaction; then wakes the engine;
 *  - s3: writes them as one NDJSON object (`<prefix><environment>/<yyyy>/<mm>/<dd>/<first>-<last>.ndjson`,
 *    named by chain positions, so a batch written again after a crash replaces itself) through the
 *    S3 API and the SSRF guard, then moves the position. Objects are written as events come, so
 *    none holds an event older than a minute while the store answers.
 * A store that keeps failing is retried with backoff; after 5 days of failures the stream is
 * switched off. Returns `gone` when the stream was deleted or switched off.
 */
import http from 'node:http';
import https from 'node:https';
import { Context } from '@temporalio/activity';
import type { SecretBox } from '../../infra/crypto/secret-box.js';
import type { Db } from '../../infra/db/create-db.js';
import { findAuditStreamById, updateAuditStream } from '../../infra/db/repositories/audit-streams.repository.js';
import { auditEventsAfter, chainHead } from '../../infra/db/repositories/audit.repository.js';
import { insertDeliveries } from '../../infra/db/repositories/webhooks.repository.js';
import { listenForNotifications } from '../../infra/db/notifications.js';
import type { AuditEventRow, AuditStreamRow } from '../../infra/db/tables/audit.table.js';
import { checkOutboundUrl, guardedLookup, outboundPolicyFrom } from '../../infra/http/outbound-guard.js';
import type { Logger } from '../../infra/logger/logger.js';
import { createObjectStorage } from '../../infra/storage/object-storage.js';
import { systemActor } from '../events/actor.model.js';
import type { EndpointWaker } from '../../workflows/webhook-endpoint/webhook-endpoint.client.js';
import { streamSecretContext } from '../webhooks/webhook-secret.model.js';
import { auditEventResource } from './audit-event.model.js';
import { deactivateAuditStream } from './audit-stream.transitions.js';

export const AUDIT_CHANNEL = 'clearwatch_audit';
const BATCH = 1000;
const POLL_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
const DEACTIVATE_AFTER_MS = 5 * 24 * 3_600_000;

export interface AuditStreamDeps {
  db: Db;
  secrets: SecretBox;
  clock: () => Date;
  logger: Logger;
  config: { OUTBOUND_ALLOWLIST: string };
  wake: EndpointWaker;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function s3ObjectKey(stream: Pick<AuditStreamRow, 'prefix' | 'environment'>, events: readonly AuditEventRow[]): string {
  const first = events[0]!;
  const day = first.occurred_at;
  const path = `${stream.environment}/${day.getUTCFullYear()}/${pad(day.getUTCMonth() + 1)}/${pad(day.getUTCDate())}`;
  const width = (n: string) => n.padStart(12, '0');
  return `${stream.prefix ?? ''}${path}/${width(first.sequence)}-${width(events[events.length - 1]!.sequence)}.ndjson`;
}

export function createAuditStreamActivities(deps: AuditStreamDeps) {
  const policy = outboundPolicyFrom(deps.config.OUTBOUND_ALLOWLIST);

  async function pushHttps(stream: AuditStreamRow, events: readonly AuditEventRow[], position: number): Promise<void> {
    const now = deps.clock();
    await deps.db.transaction().execute(async (trx) => {
      await insertDeliveries(trx, events.map((e) => ({
        environment: stream.environment, endpoint_type: 'audit_stream' as const, endpoint_id: stream.id, message_id: e.id,
        message_type: 'audit_event.recorded', trigger: 'event' as const, next_attempt_at: now,
        payload: { type: 'audit_event.recorded', timestamp: e.occurred_at.toISOString(), data: auditEventResource(e) } as never,
      })));
      await updateAuditStream(trx, stream.id, { last_sequence: position, updated_at: now });
    });
    await deps.wake([{ endpointId: stream.id, endpointType: 'audit_stream', environment: stream.environment }]);
  }

  async function pushS3(stream: AuditStreamRow, events: readonly AuditEventRow[], position: number): Promise<void> {
    const endpoint = checkOutboundUrl(stream.s3_endpoint!, policy);
    const agentOptions = { keepAlive: false, lookup: guardedLookup(endpoint, policy) as never };
    const storage = createObjectStorage({
      endpoint: endpoint.toString(),
      accessKey: deps.secrets.openText(stream.access_key_ciphertext!, streamSecretContext(stream.id)),
      secretKey: deps.secrets.openText(stream.secret_key_ciphertext!, streamSecretContext(stream.id)),
      bucket: stream.bucket!,
      region: stream.s3_region ?? 'us-east-1',
      agent: endpoint.protocol === 'https:' ? new https.Agent(agentOptions) : new http.Agent(agentOptions),
    });
    if (events.length > 0) {
      const body = Buffer.from(events.map((e) => JSON.stringify(auditEventResource(e))).join('\n') + '\n', 'utf8');
      await storage.putObject(s3ObjectKey(stream, events), body, 'application/x-ndjson');
    }
    await updateAuditStream(deps.db, stream.id, { last_sequence: position, failing_since: null, last_error: null, updated_at: deps.clock() });
  }

  /** One step: push what is new; returns how many events were pushed, or 'gone'. */
  async function step(streamId: string): Promise<number | 'gone'> {
    const stream = await findAuditStreamById(deps.db, streamId);
    if (!stream || stream.deleted_at || !stream.is_active) return 'gone';
    const head = (await chainHead(deps.db, stream.environment))?.lastSequence ?? 0;
    const from = Number(stream.last_sequence);
    if (head <= from) return 0;
    const events = await auditEventsAfter(deps.db, stream.environment, from, head, BATCH, stream.action_prefix);
    // Fewer than a full batch: every event up to the head was seen (those of other actions too).
    const position = events.length === BATCH ? Number(events[events.length - 1]!.sequence) : head;
    if (stream.type === 'https') {
      if (events.length > 0) await pushHttps(stream, events, position);
      else await updateAuditStream(deps.db, stream.id, { last_sequence: position });
    } else {
      await pushS3(stream, events, position);
    }
    return events.length;
  }

  return {
    async runAuditStream(input: { streamId: string; budgetMs: number }): Promise<{ gone: boolean }> {
      const waiter = await listenForNotifications(deps.db, AUDIT_CHANNEL);
      const signal = Context.current().cancellationSignal;
      const end = Date.now() + input.budgetMs;
      let backoff = 1000;
      try {
        while (Date.now() < end && !signal.aborted) {
          let pushed: number | 'gone';
          try {
            pushed = await step(input.streamId);
            backoff = 1000;
          } catch (error) {
            const stream = await findAuditStreamById(deps.db, input.streamId);
            if (!stream) return { gone: true };
            const now = deps.clock();
            const message = (error as Error).message.slice(0, 500);
            deps.logger.warn({ streamId: input.streamId, err: { message } }, 'audit stream push failed; retrying');
            const since = stream.failing_since ?? now;
            await updateAuditStream(deps.db, stream.id, { failing_since: since, last_error: message });
            if (now.getTime() - since.getTime() >= DEACTIVATE_AFTER_MS) {
              await deactivateAuditStream(deps.db, systemActor('auditStream'), stream.id, now);
              return { gone: true };
            }
            Context.current().heartbeat();
            await new Promise((resolve) => setTimeout(resolve, Math.min(backoff, Math.max(0, end - Date.now()))));
            backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
            continue;
          }
          if (pushed === 'gone') return { gone: true };
          Context.current().heartbeat();
          if (pushed < BATCH) await waiter.wait(Math.min(POLL_MS, Math.max(0, end - Date.now())));
        }
        return { gone: false };
      } finally {
        await waiter.close();
      }
    },
  };
}
