/**
 * The delivery engine in Temporal time (time-skipping server): the whole retry schedule walked to
 * `failed` with the waits of the schedule, success after n failures, Retry-After lengthening a
 * wait, and an endpoint switched off (with its event) after 5 days of nothing but failures.
 */
import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../activities/events/actor.model.js';
import { createDeliveryRoundActivities } from '../../activities/webhooks/delivery/delivery-round.activities.js';
import { createWebhookConfig } from '../../activities/webhooks/webhook-config.transitions.js';
import { eventsOfResource } from '../../infra/db/repositories/events.repository.js';
import { insertDeliveries } from '../../infra/db/repositories/webhooks.repository.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../../workflows/shared/search-attributes.js';
import { WEBHOOK_ENDPOINT_WORKFLOW_TYPE, webhookEndpointWorkflowId, type WebhookEndpointInput } from '../../workflows/webhook-endpoint/webhook-endpoint.contract.js';
import { startWebhookReceiver, type WebhookReceiver } from '../events/support/webhook-receiver.js';
import { createTimeSkippingEnv } from '../setup/temporal.js';
import { silentLogger, testSecrets } from '../support/test-config.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { workflowBundle } from '../support/test-worker.js';

const HOUR = 3_600_000;
let env: TestWorkflowEnvironment;
let tdb: TestDatabase;
let worker: Worker;
let running: Promise<void>;
let receiver: WebhookReceiver;
const taskQueue = `webhook-timeskip-${Date.now()}`;

beforeAll(async () => {
  env = await createTimeSkippingEnv();
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: Object.fromEntries(SEARCH_ATTRIBUTE_KEYS.map((k) => [k.name, 2 /* KEYWORD */])),
  });
  tdb = await createTestDatabase();
  receiver = await startWebhookReceiver();
  const activities = createDeliveryRoundActivities({
    db: tdb.db, secrets: testSecrets, clock: () => new Date(), logger: silentLogger,
    config: { OUTBOUND_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '5s,5m,30m,2h,5h,10h,10h' },
    random: () => 0.5,
  });
  worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: await workflowBundle(), activities });
  running = worker.run();
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await receiver?.close();
  await tdb?.destroy();
  await env?.teardown();
});

async function endpoint(path: string): Promise<string> {
  const { row } = await createWebhookConfig(tdb.db, systemActor('test'), testSecrets, {
    id: randomUUID(), environment: 'staging', resourceType: 'screening', url: `${receiver.url.replace('/hook', path)}`, subscribedStatuses: ['completed'], isActive: true, at: new Date(Date.now() - HOUR),
  });
  return row.id;
}

async function owe(endpointId: string, dueAt: Date[]): Promise<void> {
  await insertDeliveries(tdb.db, dueAt.map((at) => {
    const messageId = randomUUID();
    return {
      environment: 'staging' as const, endpoint_type: 'webhook_config' as const, endpoint_id: endpointId, message_id: messageId, message_type: 'screening.completed',
      trigger: 'event' as const, next_attempt_at: at,
      payload: { type: 'screening.completed', timestamp: at.toISOString(), data: { type: 'screening/watchlist', id: randomUUID(), environment: 'staging', attributes: {} } } as never,
    };
  }));
}

async function runEndpoint(endpointId: string): Promise<void> {
  const input: WebhookEndpointInput = { endpointId, endpointType: 'webhook_config', environment: 'staging' };
  await env.client.workflow.execute(WEBHOOK_ENDPOINT_WORKFLOW_TYPE, { taskQueue, workflowId: webhookEndpointWorkflowId(endpointId), args: [input] });
}

const attemptsOf = (endpointId: string) => tdb.db.selectFrom('webhook_delivery_attempts').selectAll().where('endpoint_id', '=', endpointId).orderBy('attempt').execute();

describe('retry schedule in Temporal time', () => {
  it('walks every wait of the schedule and ends failed after the eighth attempt', async () => {
    const id = await endpoint('/always-down');
    receiver.answer = (r) => (r.path === '/always-down' ? { status: 500 } : { status: 204 });
    await owe(id, [new Date()]);
    await runEndpoint(id);
    const attempts = await attemptsOf(id);
    expect(attempts.map((a) => a.status_code)).toEqual([500, 500, 500, 500, 500, 500, 500, 500]);
    const waits = attempts.slice(1).map((a, i) => a.attempted_at.getTime() - attempts[i]!.attempted_at.getTime());
    const expected = [5_000, 300_000, 1_800_000, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
    waits.forEach((w, i) => {
      expect(w, `wait ${i + 1}`).toBeGreaterThanOrEqual(expected[i]!);
      expect(w, `wait ${i + 1}`).toBeLessThan(expected[i]! * 1.1 + 60_000);
    });
    expect(attempts.at(-1)!.next_attempt_at).toBeNull();
    const delivery = await tdb.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', id).executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ status: 'failed', attempts: 8, last_status_code: 500 });
    expect(receiver.received.filter((r) => r.path === '/always-down')).toHaveLength(8);
  });

  it('delivers after n failures', async () => {
    const id = await endpoint('/recovers');
    let calls = 0;
    receiver.answer = (r) => (r.path === '/recovers' ? { status: ++calls <= 3 ? 502 : 200 } : { status: 204 });
    await owe(id, [new Date()]);
    await runEndpoint(id);
    expect((await attemptsOf(id)).map((a) => a.status_code)).toEqual([502, 502, 502, 200]);
    const delivery = await tdb.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', id).executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 4 });
  });

  it('waits at least as long as Retry-After asks', async () => {
    const id = await endpoint('/busy');
    let calls = 0;
    receiver.answer = (r) => (r.path === '/busy' ? (++calls === 1 ? { status: 429, headers: { 'Retry-After': '7200' } } : { status: 204 }) : { status: 204 });
    await owe(id, [new Date()]);
    await runEndpoint(id);
    const attempts = await attemptsOf(id);
    expect(attempts.map((a) => a.status_code)).toEqual([429, 204]);
    expect(attempts[1]!.attempted_at.getTime() - attempts[0]!.attempted_at.getTime()).toBeGreaterThanOrEqual(2 * HOUR);
  });

  it('switches an endpoint off after 5 days of nothing but failures, with its event', async () => {
    const id = await endpoint('/gone-for-good');
    receiver.answer = (r) => (r.path === '/gone-for-good' ? { status: 500 } : { status: 204 });
    // Temporal time (earlier tests skipped it ahead of the wall clock).
    const start = await env.currentTimeMs();
    // A delivery comes due every 12 hours for 8 days: the endpoint keeps being tried.
    await owe(id, Array.from({ length: 16 }, (_, i) => new Date(start + i * 12 * HOUR)));
    await runEndpoint(id);
    const config = await tdb.db.selectFrom('webhook_configs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(config.is_active).toBe(false);
    expect(config.deactivated_at).not.toBeNull();
    expect(config.deactivated_at!.getTime() - config.failing_since!.getTime()).toBeGreaterThanOrEqual(5 * 24 * HOUR);
    const events = await eventsOfResource(tdb.db, id);
    expect(events.map((e) => e.type)).toEqual(['webhook_config.created', 'webhook_config.deactivated']);
    const left = await tdb.db.selectFrom('webhook_deliveries').select('status').where('endpoint_id', '=', id).where('status', '=', 'pending').execute();
    expect(left).toHaveLength(0);
  });
});
