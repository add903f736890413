/**
 * Session expiry on Temporal's time-skipping server: the expiry workflow's 24-hour timer is
 * skipped, the session becomes expired with expired_at and an event, and a decline after
 * that gets 409 session_expired. A session declined before its expiry stays declined.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../../../workflows/shared/search-attributes.js';
import { sessionExpiryWorkflowId } from '../../../workflows/session-expiry/session-expiry.contract.js';
import { createTimeSkippingEnv } from '../../setup/temporal.js';
import { workflowBundle } from '../../support/test-worker.js';
import { accountBody, identityActivitiesFor, startIdentityContext, type IdentityTestContext } from '../support/identity-test-context.js';
import { allOnOneQueue } from '../../../workflows/shared/task-queues.js';

let env: TestWorkflowEnvironment;
let ctx: IdentityTestContext;
let worker: Worker;
let running: Promise<void>;
let accountId: string;

beforeAll(async () => {
  env = await createTimeSkippingEnv();
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: Object.fromEntries(SEARCH_ATTRIBUTE_KEYS.map((k) => [k.name, 2 /* KEYWORD */])),
  });
  const taskQueue = `identity-timeskip-${Date.now()}`;
  ctx = await startIdentityContext({ temporal: { client: env.client, taskQueues: allOnOneQueue(taskQueue) } });
  worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: await workflowBundle(), activities: identityActivitiesFor(ctx.db, ctx.storage) });
  running = worker.run();
  accountId = (await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, body: accountBody() })).body.data.id;
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await ctx?.close();
  await env?.teardown();
});


const createSession = async () =>
  (await ctx.api.request('POST', '/v1/identity/sessions', { key: ctx.staging, body: { data: { relationships: { account: { data: { type: 'account', id: accountId } } } } } })).body.data;

describe('session expiry (time-skipping)', () => {
  // Runs first: Temporal time moves ahead of the API clock once a 24-hour timer has been skipped.
  it('a session declined before its expiry stays declined when the timer fires', async () => {
    const s = await createSession();
    const declined = await ctx.api.request('POST', `/v1/identity/sessions/${s.id}/decline`, { key: ctx.staging });
    expect(declined.status).toBe(200);
    expect(await env.client.workflow.getHandle(sessionExpiryWorkflowId(s.id)).result()).toEqual({ expired: false });
    const row = await ctx.db.selectFrom('sessions').selectAll().where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('declined');
    expect(row.expired_at).toBeNull();
  });

  it('expires an untouched session after 24 hours; declining it then is 409 session_expired', async () => {
    const s = await createSession();
    const result = await env.client.workflow.getHandle(sessionExpiryWorkflowId(s.id)).result();
    expect(result).toEqual({ expired: true });
    const row = await ctx.db.selectFrom('sessions').selectAll().where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    // The timer ran in Temporal time: expired_at is 24 hours after creation (skipped, not waited).
    expect(row.expired_at!.getTime() - row.created_at.getTime()).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect((await eventsOfResource(ctx.db, s.id)).map((e) => e.status)).toEqual(['created', 'expired']);
    const decline = await ctx.api.request('POST', `/v1/identity/sessions/${s.id}/decline`, { key: ctx.staging });
    expect(decline.status).toBe(409);
    expect(decline.body.errors[0].code).toBe('session_expired');
  });
});
