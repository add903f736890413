/**
 * Workflow definitions over the API: create, read (metadata vs the definition by scope), patch,
 * the state machine, deploy and versions, delete; every definition check answered with a 422
 * pointing into the body; scopes of each route family; environment isolation; an idempotent
 * execute; the execution rate tier's 429; workflow_execution events reaching webhooks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookConfig } from '../../../activities/webhooks/webhook-config.transitions.js';
import { webhooksConsumer } from '../../../activities/webhooks/webhook.consumer.js';
import { relayBatch } from '../../../activities/events/relay/relay-batch.js';
import { workflowRoutes } from '../../../api/workflows/workflows.routes.js';
import { executionListDocument, workflowDocument, workflowListDocument, workflowVersionDocument } from '../../../api/workflows/workflow.schemas.js';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { buildTestApp } from '../../support/test-app.js';
import { pollUntil } from '../../support/poll.js';
import { testSecrets } from '../../support/test-config.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { activeWorkflow, execute, featureDeps, pollExecution, startWorkflowContext, type WorkflowTestContext } from '../support/workflow-test-context.js';
import { randomUUID } from 'node:crypto';

let ctx: WorkflowTestContext;
beforeAll(async () => {
  ctx = await startWorkflowContext();
}, 120_000);
afterAll(async () => ctx?.close());

const simple = { start: 'done', steps: { done: { type: 'outcome', outcome: 'approved' } } };
const body = (attributes: object) => ({ data: { type: 'workflow', attributes } });
const create = (attributes: object, key = ctx.keys.staging) => ctx.api.request('POST', '/v1/workflows', { key, body: body({ name: 'KYC', ...attributes }) });
const pointers = (res: { body: any }) => res.body.errors.map((e: any) => e.source?.pointer);
const D = '/data/attributes/definition';

describe('definition checks (422 with a pointer into the definition)', () => {
  const cases: [string, object, string, string][] = [
    ['start names no step', { start: 'nope', steps: simple.steps }, `${D}/start`, 'does not exist'],
    ['an unknown step type', { start: 'a', steps: { a: { type: 'teleport' } } }, `${D}/steps/a/type`, 'type must be one of'],
    ['a reference to a step that does not exist', { start: 'a', steps: { a: { type: 'wait', duration: '1m', next: 'ghost' }, b: simple.steps.done } }, `${D}/steps/a/next`, 'ghost'],
    ['an unreachable step', { start: 'done', steps: { done: simple.steps.done, orphan: { type: 'outcome', outcome: 'declined' } } }, `${D}/steps/orphan`, 'cannot be reached'],
    ['a cycle without wait or review', { start: 'a', steps: { a: { type: 'condition', if: true, then: 'b', else: 'done' }, b: { type: 'emit_event', name: 'loop', next: 'a' }, done: simple.steps.done } }, `${D}/steps/a`, 'passes through no wait or review'],
    ['an expression with an unknown operator', { start: 'a', steps: { a: { type: 'condition', if: { matches: [1, 2] }, then: 'done', else: 'done' }, done: simple.steps.done } }, `${D}/steps/a/if/matches`, 'unknown JSONLogic operator'],
    ['a var reading a step that does not exist', { start: 'a', steps: { a: { type: 'condition', if: { var: 'steps.screen.has_match' }, then: 'done', else: 'done' }, done: simple.steps.done } }, `${D}/steps/a/if/var`, 'screen'],
    ['a screening query without a required field', { start: 's', steps: { s: { type: 'screening', screening_type: 'screening/watchlist', query: { name_first: { var: 'input.f' } }, next: 'done' }, done: simple.steps.done } }, `${D}/steps/s/query/name_last`, 'name_last is required'],
    ['a screening query field of another type', { start: 's', steps: { s: { type: 'screening', screening_type: 'screening/business-watchlist', query: { business_name: 'Acme', country: 'GB', name_first: 'x' }, next: 'done' }, done: simple.steps.done } }, `${D}/steps/s/query/name_first`, 'unknown query field'],
    ['a literal out of bounds', { start: 's', steps: { s: { type: 'screening', screening_type: 'screening/watchlist', query: { name_first: 'Ann', name_last: 'Lee', birthdate: '1990-02-30' }, next: 'done' }, done: simple.steps.done } }, `${D}/steps/s/query/birthdate`, 'real calendar date'],
    ['a bad duration', { start: 'w', steps: { w: { type: 'wait', duration: 'soon', next: 'done' }, done: simple.steps.done } }, `${D}/steps/w/duration`, 'duration'],
    ['an unknown member', { start: 'done', steps: { done: { type: 'outcome', outcome: 'approved', colour: 'red' } } }, `${D}/steps/done/colour`, 'unknown member'],
    ['an unknown outcome', { start: 'done', steps: { done: { type: 'outcome', outcome: 'maybe' } } }, `${D}/steps/done/outcome`, 'approved, declined, needs_review'],
    ['a business lookup without a session', { start: 'b', steps: { b: { type: 'business_lookup', country: 'GB', registration_number: '01234567', next: 'done' }, done: simple.steps.done } }, `${D}/steps/b/session_id`, 'session_id is required'],
    ['a step from which no outcome is reachable', { start: 'w', steps: { w: { type: 'wait', duration: '1d', next: 'w' }, done: simple.steps.done } }, `${D}/steps/w`, 'no outcome'],
  ];

  it.each(cases)('%s', async (_name, definition, pointer, detail) => {
    const res = await create({ definition });
    expect(res.status).toBe(422);
    const item = res.body.errors.find((e: any) => e.source?.pointer === pointer);
    expect(item, JSON.stringify(res.body.errors)).toBeDefined();
    expect(item.code).toBe('invalid_definition');
    expect(item.detail).toContain(detail);
  });

  it('an input_schema that is not valid JSON Schema is refused at /data/attributes/input_schema', async () => {
    const res = await create({ definition: simple, input_schema: { type: 'object', properties: { a: { type: 'strnig' } } } });
    expect(res.status).toBe(422);
    expect(pointers(res)).toEqual(['/data/attributes/input_schema']);
  });

  it('a cycle through a wait step is allowed', async () => {
    const res = await create({ definition: { start: 'check', steps: { check: { type: 'condition', if: { var: 'input.ok' }, then: 'done', else: 'pause' }, pause: { type: 'wait', duration: '1d', next: 'check' }, done: simple.steps.done } } });
    expect(res.status).toBe(201);
  });

  it('PATCH and deploy check the definition too', async () => {
    const id = (await create({ definition: simple })).body.data.id;
    const patched = await ctx.api.request('PATCH', `/v1/workflows/${id}`, { key: ctx.keys.staging, body: { data: { attributes: { definition: { start: 'x', steps: {} } } } } });
    expect(patched.status).toBe(422);
    expect(pointers(patched)).toEqual([`${D}/steps`]);
  });
});

describe('workflow lifecycle', () => {
  it('create → read → patch → deploy → activate ⇄ pause → archive, each with its event', async () => {
    const created = await create({ definition: simple, description: 'onboarding' });
    expect(created.status).toBe(201);
    expect(workflowDocument.safeParse(created.body).success).toBe(true);
    const id = created.body.data.id;
    expect(created.body.data.attributes).toMatchObject({ state: 'draft', latest_version: null, step_count: 1, definition: simple });

    const early = await ctx.api.request('PUT', `/v1/workflows/${id}/state`, { key: ctx.keys.staging, body: body({ state: 'active' }) });
    expect(early.status).toBe(409);
    expect(early.body.errors[0].code).toBe('workflow_not_deployed');

    const renamed = await ctx.api.request('PATCH', `/v1/workflows/${id}`, { key: ctx.keys.staging, body: { data: { attributes: { name: 'KYC v2' } } } });
    expect(renamed.body.data.attributes.name).toBe('KYC v2');
    const v1 = await ctx.api.request('POST', `/v1/workflows/${id}/deploy`, { key: ctx.keys.staging });
    expect(v1.status).toBe(201);
    expect(workflowVersionDocument.safeParse(v1.body).success).toBe(true);
    expect(v1.body.data.attributes).toMatchObject({ workflow_id: id, version: 1, name: 'KYC v2', definition: simple });
    const v2 = await ctx.api.request('POST', `/v1/workflows/${id}/deploy`, { key: ctx.keys.staging });
    expect(v2.body.data.attributes.version).toBe(2);

    const state = async (to: string) => ctx.api.request('PUT', `/v1/workflows/${id}/state`, { key: ctx.keys.staging, body: body({ state: to }) });
    expect((await state('active')).body.data.attributes.state).toBe('active');
    expect((await state('paused')).body.data.attributes.state).toBe('paused');
    const paused = await execute(ctx.api, ctx.keys.staging, id, {});
    expect(paused.status).toBe(409);
    expect(paused.body.errors[0].code).toBe('workflow_not_active');
    expect((await state('active')).status).toBe(200);
    expect((await state('draft')).body.errors[0].code).toBe('invalid_state_transition');
    expect((await state('archived')).body.data.attributes.state).toBe('archived');
    expect((await state('active')).status).toBe(409);
    expect((await ctx.api.request('PATCH', `/v1/workflows/${id}`, { key: ctx.keys.staging, body: { data: { attributes: { name: 'x' } } } })).body.errors[0].code).toBe('workflow_archived');

    const events = (await eventsOfResource(ctx.db, id)).filter((e) => e.category === 'change');
    expect(events.map((e) => e.type)).toEqual([
      'workflow.created', 'workflow.updated', 'workflow.deployed', 'workflow.deployed',
      'workflow.activated', 'workflow.paused', 'workflow.activated', 'workflow.archived',
    ]);
    expect(events[1]!.payload).toMatchObject({ changed: ['name'] });
    expect(events[3]!.payload).toMatchObject({ latest_version: 2 });
  });

  it('DELETE is refused while an execution runs, then removes the workflow (its executions stay readable)', async () => {
    const id = await activeWorkflow(ctx.api, ctx.keys.staging, { start: 'r', steps: { r: { type: 'review', on_approve: 'done', on_decline: 'done' }, done: simple.steps.done } });
    const execution = (await execute(ctx.api, ctx.keys.staging, id, {})).body.data.id;
    const refused = await ctx.api.request('DELETE', `/v1/workflows/${id}`, { key: ctx.keys.staging });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('workflow_has_running_executions');
    await pollExecution(ctx.api, ctx.keys.staging, execution, (d) => d.attributes.current_step === 'r');
    await ctx.api.request('POST', `/v1/workflows/executions/${execution}/cancel`, { key: ctx.keys.staging });
    await pollExecution(ctx.api, ctx.keys.staging, execution);
    expect((await ctx.api.request('DELETE', `/v1/workflows/${id}`, { key: ctx.keys.staging })).status).toBe(204);
    expect((await ctx.api.request('GET', `/v1/workflows/${id}`, { key: ctx.keys.staging })).status).toBe(404);
    expect((await ctx.api.request('GET', `/v1/workflows/status/${execution}`, { key: ctx.keys.staging })).status).toBe(200);
  });

  it('lists workflows and executions with filters and pagination', async () => {
    const id = await activeWorkflow(ctx.api, ctx.keys.staging, simple);
    const first = (await execute(ctx.api, ctx.keys.staging, id, {})).body.data.id;
    await pollExecution(ctx.api, ctx.keys.staging, first);
    const since = new Date().toISOString();
    const second = (await execute(ctx.api, ctx.keys.staging, id, {})).body.data.id;
    await pollExecution(ctx.api, ctx.keys.staging, second);
    const list = await ctx.api.request('GET', '/v1/workflows?filter[state]=active&page[size]=100', { key: ctx.keys.staging });
    expect(workflowListDocument.safeParse(list.body).success).toBe(true);
    expect(list.body.data.map((w: any) => w.id)).toContain(id);
    expect(list.body.data.every((w: any) => w.attributes.state === 'active')).toBe(true);
    const ofWorkflow = await ctx.api.request('GET', `/v1/workflows/${id}/executions?filter[status]=completed&filter[outcome]=approved`, { key: ctx.keys.staging });
    expect(executionListDocument.safeParse(ofWorkflow.body).success).toBe(true);
    expect(ofWorkflow.body.data.map((e: any) => e.id)).toEqual([second, first]);
    const recent = await ctx.api.request('GET', `/v1/workflows/executions?filter[workflow_id]=${id}&filter[since]=${encodeURIComponent(since)}`, { key: ctx.keys.staging });
    expect(recent.body.data.map((e: any) => e.id)).toEqual([second]);
    const paged = await ctx.api.request('GET', `/v1/workflows/${id}/executions?page[size]=1`, { key: ctx.keys.staging });
    expect(paged.body.meta.page.hasNextPage).toBe(true);
    expect((await ctx.api.request('GET', '/v1/workflows/executions?filter[status]=lost', { key: ctx.keys.staging })).status).toBe(400);
  });
});

describe('scopes and environments', () => {
  it('workflows:read sees metadata, editor:read (or write) the definition too', async () => {
    const id = (await create({ definition: simple })).body.data.id;
    const reader = await ctx.keyWith(['workflows:read']);
    const editor = await ctx.keyWith(['workflows:read', 'workflows:editor:read']);
    const writer = await ctx.keyWith(['workflows:read', 'workflows:write']);
    const asReader = await ctx.api.request('GET', `/v1/workflows/${id}`, { key: reader });
    expect(workflowDocument.safeParse(asReader.body).success).toBe(true);
    expect(asReader.body.data.attributes.definition).toBeUndefined();
    expect(asReader.body.data.attributes.step_count).toBe(1);
    expect((await ctx.api.request('GET', `/v1/workflows/${id}`, { key: editor })).body.data.attributes.definition).toEqual(simple);
    expect((await ctx.api.request('GET', `/v1/workflows/${id}`, { key: writer })).body.data.attributes.definition).toEqual(simple);
    expect((await ctx.api.request('GET', '/v1/workflows', { key: reader })).body.data.every((w: any) => w.attributes.definition === undefined)).toBe(true);
  });

  it('each route family needs its own scope', async () => {
    const id = await activeWorkflow(ctx.api, ctx.keys.staging, simple);
    const reader = await ctx.keyWith(['workflows:read']);
    const executor = await ctx.keyWith(['workflows:execute']);
    const executionsReader = await ctx.keyWith(['workflows:executions:read']);
    expect((await create({ definition: simple }, reader)).status).toBe(403);
    expect((await ctx.api.request('POST', `/v1/workflows/${id}/deploy`, { key: executor })).status).toBe(403);
    expect((await execute(ctx.api, reader, id, {})).status).toBe(403);
    const run = await execute(ctx.api, executor, id, {});
    expect(run.status).toBe(201);
    expect((await ctx.api.request('GET', `/v1/workflows/status/${run.body.data.id}`, { key: executor })).status).toBe(403);
    expect((await ctx.api.request('GET', `/v1/workflows/status/${run.body.data.id}`, { key: executionsReader })).status).toBe(200);
    expect((await ctx.api.request('GET', '/v1/workflows', { key: executionsReader })).status).toBe(403);
  });

  it('another environment sees none of it', async () => {
    const id = await activeWorkflow(ctx.api, ctx.keys.staging, simple);
    const run = (await execute(ctx.api, ctx.keys.staging, id, {})).body.data.id;
    const prod = ctx.keys.production;
    expect((await ctx.api.request('GET', `/v1/workflows/${id}`, { key: prod })).status).toBe(404);
    expect((await ctx.api.request('GET', `/v1/workflows/status/${run}`, { key: prod })).status).toBe(404);
    expect((await ctx.api.request('GET', '/v1/workflows/executions', { key: prod })).body.data).toEqual([]);
    const foreign = await execute(ctx.api, prod, id, {});
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0]).toMatchObject({ code: 'workflow_not_found', source: { pointer: '/data/attributes/workflow_id' } });
  });
});

describe('execute', () => {
  it('honours Idempotency-Key: the same request answers the same execution, started once', async () => {
    const id = await activeWorkflow(ctx.api, ctx.keys.staging, simple);
    const key = randomUUID();
    const first = await execute(ctx.api, ctx.keys.staging, id, { n: 1 }, { headers: { 'Idempotency-Key': key } });
    const again = await execute(ctx.api, ctx.keys.staging, id, { n: 1 }, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    const rows = await ctx.db.selectFrom('workflow_executions').select('id').where('workflow_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const reused = await execute(ctx.api, ctx.keys.staging, id, { n: 2 }, { headers: { 'Idempotency-Key': key } });
    expect(reused.status).toBe(422);
  });

  it('has its own rate tier (60 per minute): past the burst, 429 with Retry-After', async () => {
    const id = await activeWorkflow(ctx.api, ctx.keys.staging, simple);
    const limited: TestServer = await startTestServer(buildTestApp({
      db: ctx.db,
      routes: workflowRoutes(featureDeps(ctx.db, ctx.client, ctx.taskQueues)),
      rateLimits: { default: { perMinute: 300, burst: 500 }, workflow_execution: { perMinute: 60, burst: 2 }, batch_issue: { perMinute: 10, burst: 10 } },
    }));
    // A key of its own: buckets are per key and tier.
    const key = await ctx.keyWith(['workflows:execute', 'workflows:read']);
    try {
      const results = [];
      for (let i = 0; i < 3; i += 1) results.push(await execute(limited, key, id, {}));
      expect(results.map((r) => r.status)).toEqual([201, 201, 429]);
      expect(results[0]!.headers.get('x-ratelimit-limit')).toBe('60');
      expect(results[2]!.body).toMatchObject({ error: 'rate_limited' });
      expect(Number(results[2]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Other routes are on the default tier, untouched.
      const read = await limited.request('GET', '/v1/workflows', { key });
      expect(read.status).toBe(200);
      expect(read.headers.get('x-ratelimit-limit')).toBe('300');
    } finally {
      await limited.close();
    }
  });

  it('workflow_execution.completed reaches a subscribed webhook', async () => {
    const config = await createWebhookConfig(ctx.db, { type: 'system', name: 'test' }, testSecrets, {
      id: randomUUID(), environment: 'staging', resourceType: 'workflow_execution', url: 'https://hooks.example.com/wf', subscribedStatuses: ['completed', 'failed'], isActive: true, at: new Date(Date.now() - 1000),
    });
    const id = await activeWorkflow(ctx.api, ctx.keys.staging, simple);
    const run = (await execute(ctx.api, ctx.keys.staging, id, {})).body.data.id;
    await pollExecution(ctx.api, ctx.keys.staging, run);
    const consumer = webhooksConsumer({ db: ctx.db, clock: () => new Date(), wake: async () => undefined });
    // The relay reads up to the log's horizon (finished transactions): step it until the delivery is owed.
    const deliveries = await pollUntil(async () => {
      await relayBatch(ctx.db, consumer);
      const rows = await ctx.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', config.row.id).execute();
      return rows.some((d) => JSON.stringify(d.payload).includes(run)) ? rows : undefined;
    }, 20_000);
    // Only subscribed statuses are owed (no running event), one delivery for this execution's completion.
    expect(new Set(deliveries.map((d) => d.message_type))).toEqual(new Set(['workflow_execution.completed']));
    expect(deliveries.filter((d) => JSON.stringify(d.payload).includes(run))).toHaveLength(1);
  });
});
