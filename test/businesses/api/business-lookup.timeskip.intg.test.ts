/**
 * The lookup's timing rules on Temporal's time-skipping server, through the API: the 45-second
 * sync rule measured in server time (ZZSLOW answers after a 60 s durable timer), retries with
 * backoff on 429 (Retry-After), 5xx and timeouts until the registry answers, the retry budget
 * running out, and a Retry-After longer than a lookup can wait.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { temporal } from '@temporalio/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { SEARCH_ATTRIBUTE_KEYS } from '../../../workflows/shared/search-attributes.js';
import { businessLookupWorkflowId } from '../../../workflows/business-lookup/business-lookup.contract.js';
import { createTimeSkippingEnv } from '../../setup/temporal.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { createTestKey } from '../../support/test-keys.js';
import type { TestServer } from '../../support/test-server.js';
import { workflowBundle } from '../../support/test-worker.js';
import { activitiesFor, createSession, lookupBody, startBusinessApi } from '../support/business-test-context.js';
import { startMockRegistries, type MockRegistries } from '../support/mock-registries.js';
import { allOnOneQueue } from '../../../workflows/shared/task-queues.js';

let env: TestWorkflowEnvironment;
let tdb: TestDatabase;
let registries: MockRegistries;
let worker: Worker;
let running: Promise<void>;
let api: TestServer;
let key: string;
let session: string;

beforeAll(async () => {
  env = await createTimeSkippingEnv();
  // The API starts workflows with the resource search attributes, as in production; this server
  // implements adding them but not listing them, so ensureSearchAttributes cannot be used.
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: Object.fromEntries(SEARCH_ATTRIBUTE_KEYS.map((k) => [k.name, 2 /* KEYWORD */])),
  });
  tdb = await createTestDatabase();
  registries = await startMockRegistries();
  const taskQueue = `business-timeskip-${Date.now()}`;
  worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities: activitiesFor(tdb.db, registries, 500),
  });
  running = worker.run();
  api = await startBusinessApi({
    db: tdb.db,
    client: env.client,
    taskQueues: allOnOneQueue(taskQueue),
    // The sync wait in server time: this server skips time only while nothing is running, so
    // the workflow finishes first when it can, and a durable timer past 45 s cannot.
    waitForCompletion: (_handle, ms) => env.sleep(ms),
  });
  key = (await createTestKey(tdb.db, 'staging')).key;
  session = await createSession(tdb.db, 'staging');
});

afterAll(async () => {
  await api?.close();
  worker?.shutdown();
  await running;
  await env?.teardown();
  await registries?.close();
  await tdb?.destroy();
});

const lookup = (country: string, input: Record<string, unknown>, async = false) =>
  api.request('POST', '/v1/businesses', { key, body: lookupBody(session, country, input, async) });

/**
 * With RECORD_WORKFLOW_HISTORIES=1, saves a workflow's history as a replay fixture
 * (test/businesses/fixtures/histories; replayed by business-lookup.replay.intg.test.ts).
 */
async function recordHistory(businessId: string, name: string): Promise<void> {
  if (process.env.RECORD_WORKFLOW_HISTORIES !== '1') return;
  const history = await env.client.workflow.getHandle(businessLookupWorkflowId(businessId)).fetchHistory();
  const directory = fileURLToPath(new URL('../fixtures/histories/', import.meta.url));
  mkdirSync(directory, { recursive: true });
  writeFileSync(`${directory}${name}.history.bin`, temporal.api.history.v1.History.encode(history).finish());
}

/** Waits (skipping time) for the record's workflow, then reads the record. */
async function finished(id: string) {
  await env.client.workflow.getHandle(businessLookupWorkflowId(id)).result();
  const res = await api.request('GET', `/v1/businesses/${id}`, { key });
  return res.body.data;
}

describe('the 45-second sync rule, in Temporal time', () => {
  it('an answer within 45 s: 200 with the full record', async () => {
    const res = await lookup('ZZ', { registration_number: 'ZZ000001' });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ async_status: 'completed', official_name: 'Acme Test Ltd' });
  });

  it('an answer after 60 s (ZZSLOW): 201 in processing; completed once the durable timer fires', async () => {
    const res = await lookup('ZZ', { registration_number: 'ZZSLOW' });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes.async_status).toBe('processing');
    const data = await finished(res.body.data.id);
    expect(data.attributes).toMatchObject({ async_status: 'completed', official_name: 'Slow Answer Ltd' });
    // The registry's delay was a workflow timer, not a sleeping activity: it survives restarts.
    const history = await env.client.workflow.getHandle(businessLookupWorkflowId(data.id)).fetchHistory();
    const timers = (history.events ?? []).filter((e) => e.timerStartedEventAttributes);
    expect(timers.map((e) => Number(e.timerStartedEventAttributes!.startToFireTimeout!.seconds))).toEqual([60]);
    const lookups = (history.events ?? []).filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'lookupBusinessInRegistry');
    expect(lookups).toHaveLength(2);
    await recordHistory(data.id, 'slow-registry-completed');
  });
});

describe('transient registry errors retry with backoff, then succeed', () => {
  it('GB: 429 with Retry-After, 503, then no answer (timeout), then the company', async () => {
    registries.queue(
      '/ch/company/09876543',
      { status: 429, body: { error: 'Rate limit exceeded' }, headers: { 'retry-after': '1' } },
      { status: 503, body: { error: 'Service Unavailable' } },
      'hang',
    );
    const res = await lookup('GB', { registration_number: '09876543' }, true);
    expect(res.status).toBe(201);
    const data = await finished(res.body.data.id);
    expect(data.attributes).toMatchObject({ async_status: 'completed', official_name: 'EXAMPLE WIDGETS LIMITED' });
    expect(registries.paths.filter((p) => p === '/ch/company/09876543')).toHaveLength(4);
  });

  it('BR: two 500s, then the company', async () => {
    const path = '/br/api/cnpj/v1/11222333000181';
    registries.queue(path, { status: 500, body: { message: 'Erro interno' } }, { status: 502, body: 'Bad Gateway' });
    const res = await lookup('BR', { registration_number: '11222333000181' }, true);
    const data = await finished(res.body.data.id);
    expect(data.attributes).toMatchObject({ async_status: 'completed', official_name: 'EXEMPLO COMERCIO DE ALIMENTOS LTDA' });
    expect(registries.paths.filter((p) => p === path)).toHaveLength(3);
  });

  it('US: a rate-limited search, then the company', async () => {
    registries.queue('/oc/companies/search', { status: 429, body: { error: { message: 'Too many requests' } }, headers: { 'retry-after': '1' } });
    const res = await lookup('US', { official_name: 'Acme Widgets Inc', address: '1209 Orange Street Suite 100, Wilmington, DE 19801' }, true);
    const data = await finished(res.body.data.id);
    expect(data.attributes).toMatchObject({ async_status: 'completed', official_name: 'ACME WIDGETS INC' });
  });

  it('US: a 503 on the search, then no answer on the company (timeout), then the company', async () => {
    registries.queue('/oc/companies/search', { status: 503, body: { error: { message: 'Service Unavailable' } } });
    registries.queue('/oc/companies/us_de/5123456', 'hang');
    const res = await lookup('US', { official_name: 'Acme Widgets Inc', address: '1209 Orange Street Suite 100, Wilmington, DE 19801' }, true);
    const data = await finished(res.body.data.id);
    expect(data.attributes).toMatchObject({ async_status: 'completed', official_name: 'ACME WIDGETS INC' });
    expect(registries.paths.filter((p) => p === '/oc/companies/us_de/5123456').length).toBeGreaterThanOrEqual(2);
  });

  it('ZZFLAKY3: three failed attempts, then the answer', async () => {
    const res = await lookup('ZZ', { registration_number: 'ZZFLAKY3' }, true);
    const data = await finished(res.body.data.id);
    expect(data.attributes).toMatchObject({ async_status: 'completed', official_name: 'Flaky Registry Ltd' });
  });
});

describe('giving up', () => {
  it('a registry unavailable on every attempt fails the record once the retries are spent', async () => {
    const res = await lookup('ZZ', { registration_number: 'ZZFAIL' }, true);
    const data = await finished(res.body.data.id);
    expect(data.attributes.async_status).toBe('failed');
    expect(data.attributes.errors).toEqual([
      { code: 'registry_unavailable', title: 'Registry unavailable', detail: expect.stringContaining('Gave up after retrying') },
    ]);
    await recordHistory(data.id, 'retries-exhausted-failed');
  });

  it('a Retry-After longer than the lookup can wait fails at once, with the registry\'s reason', async () => {
    const path = '/br/api/cnpj/v1/12345678000195';
    registries.queue(path, { status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '3600' } });
    const res = await lookup('BR', { registration_number: '12345678000195' }, true);
    const data = await finished(res.body.data.id);
    expect(data.attributes.async_status).toBe('failed');
    expect(data.attributes.errors[0]).toMatchObject({ code: 'registry_rate_limited', detail: expect.stringContaining('3600 seconds') });
    expect(registries.paths.filter((p) => p === path)).toHaveLength(1);
  });
});
