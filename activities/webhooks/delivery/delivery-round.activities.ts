/**
 * One round of the delivery engine for one endpoint (the `deliverDueMessages` activity): every
 * delivery that is due is POSTed — many at once over kept-alive connections, each through the
 * SSRF guard with a 15-second deadline and no redirects — signed with the endpoint's secret(s).
 * 2xx is success; anything else (3xx included), a timeout or a network error is a failure whose
 * next attempt follows the retry schedule (Retry-After lengthens it). Attempts and new states are
 * recorded in one statement each. An endpoint whose every attempt has failed for 5 days is
 * switched off, with its event. `now` is the workflow's time (the schedule runs in Temporal time);
 * the signature's timestamp is the real time of sending.
 */
import http from 'node:http';
import https from 'node:https';
import { Context } from '@temporalio/activity';
import type { SecretBox } from '../../../infra/crypto/secret-box.js';
import type { Db } from '../../../infra/db/create-db.js';
import { dueDeliveries, failPendingDeliveries, pendingSummary, recordAttempts, updateWebhookConfig, type AttemptResult } from '../../../infra/db/repositories/webhooks.repository.js';
import { updateAuditStream } from '../../../infra/db/repositories/audit-streams.repository.js';
import { guardedRequest } from '../../../infra/http/guarded-request.js';
import { outboundPolicyFrom, type OutboundPolicy } from '../../../infra/http/outbound-guard.js';
import type { Logger } from '../../../infra/logger/logger.js';
import type { WebhookDeliveryRow } from '../../../infra/db/tables/webhooks.table.js';
import type { DeliveryRound, WebhookEndpointInput } from '../../../workflows/webhook-endpoint/webhook-endpoint.contract.js';
import { systemActor } from '../../events/actor.model.js';
import { deactivateAuditStream } from '../../audit/audit-stream.transitions.js';
import { webhookBody, type WebhookMessage } from '../webhook-message.model.js';
import { deactivateWebhookConfig } from '../webhook-config.transitions.js';
import { resolveDeliveryEndpoint, type DeliveryEndpoint } from './delivery-endpoint.js';
import { nextAttemptAt, parseRetryAfter, parseRetrySchedule } from './retry-schedule.model.js';
import { signWebhook } from './webhook-signature.js';

export const DELIVERY_TIMEOUT_MS = 15_000;
export const DEACTIVATE_AFTER_MS = 5 * 24 * 3_600_000;
const ROUND_SIZE = 200;
const CONCURRENCY = 32;
const MAX_RESPONSE_BYTES = 4096;
const actor = systemActor('webhookDelivery');

export interface DeliveryRoundDeps {
  db: Db;
  secrets: SecretBox;
  clock: () => Date;
  logger: Logger;
  config: { OUTBOUND_ALLOWLIST: string; WEBHOOK_RETRY_SCHEDULE: string };
  random?: () => number;
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function createDeliveryRoundActivities(deps: DeliveryRoundDeps) {
  const schedule = parseRetrySchedule(deps.config.WEBHOOK_RETRY_SCHEDULE);
  const policy: OutboundPolicy = outboundPolicyFrom(deps.config.OUTBOUND_ALLOWLIST);
  const agents = { http: new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY }), https: new https.Agent({ keepAlive: true, maxSockets: CONCURRENCY }) };
  const random = deps.random ?? Math.random;

  async function attempt(endpoint: Extract<DeliveryEndpoint, { state: 'active' }>, input: WebhookEndpointInput, delivery: WebhookDeliveryRow, now: Date): Promise<AttemptResult> {
    const body = webhookBody(delivery.payload as unknown as WebhookMessage);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Clearwatch-Webhooks/1',
      ...signWebhook(endpoint.secrets, delivery.message_id, deps.clock(), body),
    };
    const response = await guardedRequest({ method: 'POST', url: endpoint.url, headers, body, timeoutMs: DELIVERY_TIMEOUT_MS, maxResponseBytes: MAX_RESPONSE_BYTES, policy, agents });
    const succeeded = response.status !== null && response.status >= 200 && response.status < 300;
    const number = delivery.attempts + 1;
    const retryAfter = response.status === 429 || response.status === 503 ? parseRetryAfter(response.headers['retry-after'], now) : null;
    const error = succeeded ? null : (response.error ?? `HTTP ${response.status}`);
    Context.current().heartbeat();
    return {
      deliveryId: delivery.id, environment: input.environment, endpointId: input.endpointId, attempt: number, attemptedAt: now,
      succeeded, statusCode: response.status, latencyMs: response.latencyMs, error,
      nextAttemptAt: succeeded ? null : nextAttemptAt(schedule, number, now, retryAfter, random()),
    };
  }

  /** Remembers when the current run of failures began; after 5 days of nothing but failures, switches the endpoint off. */
  async function noteHealth(input: WebhookEndpointInput, endpoint: Extract<DeliveryEndpoint, { state: 'active' }>, results: readonly AttemptResult[], now: Date): Promise<boolean> {
    if (results.length === 0) return false;
    const update = input.endpointType === 'webhook_config' ? updateWebhookConfig : updateAuditStream;
    if (results.some((r) => r.succeeded)) {
      if (endpoint.failingSince) await update(deps.db, input.endpointId, { failing_since: null });
      return false;
    }
    if (!endpoint.failingSince) {
      await update(deps.db, input.endpointId, { failing_since: now });
      return false;
    }
    if (now.getTime() - endpoint.failingSince.getTime() < DEACTIVATE_AFTER_MS) return false;
    deps.logger.warn({ endpointId: input.endpointId, failingSince: endpoint.failingSince }, 'endpoint deactivated after 5 days of failed deliveries');
    if (input.endpointType === 'webhook_config') return deactivateWebhookConfig(deps.db, actor, input.endpointId, now);
    return deactivateAuditStream(deps.db, actor, input.endpointId, now);
  }

  return {
    async deliverDueMessages(input: WebhookEndpointInput & { now: number }): Promise<DeliveryRound> {
      // After a retried activity the workflow's time may be stale: never schedule in the past.
      const now = new Date(Math.max(input.now, deps.clock().getTime()));
      const endpoint = await resolveDeliveryEndpoint(deps.db, deps.secrets, input.endpointType, input.endpointId, now);
      if (endpoint.state === 'gone') {
        await failPendingDeliveries(deps.db, input.endpointId, endpoint.reason, now);
        return { gone: true, pending: 0, more: false, nextDueAt: null };
      }
      const due = await dueDeliveries(deps.db, input.endpointId, now, ROUND_SIZE);
      const results = await mapLimit(due, CONCURRENCY, (delivery) => attempt(endpoint, input, delivery, now));
      await recordAttempts(deps.db, results, now);
      const deactivated = await noteHealth(input, endpoint, results, now);
      if (deactivated) return { gone: true, pending: 0, more: false, nextDueAt: null };
      const summary = await pendingSummary(deps.db, input.endpointId);
      return { gone: false, pending: summary.pending, more: due.length === ROUND_SIZE, nextDueAt: summary.nextDueAt?.getTime() ?? null };
    },
  };
}
