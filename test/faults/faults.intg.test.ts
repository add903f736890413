/**
 * The fault suite: real worker and API processes on servers of their own (support/fault-stack.ts),
 * work in flight — screenings, business lookups (one failing twice first), identity documents
 * read by OCR, webhook deliveries to a slow receiver — and then a fault: the worker SIGKILLed,
 * the Temporal server SIGKILLed and restarted on its SQLite file, PostgreSQL restarted, MinIO
 * stopped while uploads are being verified. Each time every record reaches its final state and
 * every subscribed event is delivered; the counts are printed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../infra/db/create-db.js';
import { startWebhookReceiver, type WebhookReceiver } from '../events/support/webhook-receiver.js';
import { createTestKey } from '../support/test-keys.js';
import { startFaultStack, type FaultStack } from './support/fault-stack.js';
import { FaultClient, settle, type Outcome, type Workload } from './support/fault-workload.js';

let stack: FaultStack;
let db: Db;
let receiver: WebhookReceiver;
let client: FaultClient;
let key: string;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // Slow answers keep deliveries in flight when a fault strikes.
  receiver.answer = () => ({ status: 204, delayMs: 150 });
  stack = await startFaultStack({ outboundAllowlist: `127.0.0.1:${receiver.port}` });
  db = createDb(stack.databaseUrl, { poolSize: 3 });
  await stack.run('cli', ['lists', 'import', '--dir', 'test/fixtures/lists/ofac_csv/set']);
  key = (await createTestKey(db, 'staging')).key;
  client = new FaultClient(stack.apiUrl, key);
  await client.subscribe(receiver.url);
}, 300_000);
afterAll(async () => {
  await db?.destroy();
  await stack?.close();
  await receiver?.close();
});

function report(fault: string, work: Workload, outcome: Outcome): void {
  const records = work.screenings.length + work.businesses.length + work.documents.length;
  console.log(`[faults] ${fault}: ${records} records final ${JSON.stringify(outcome.statuses)}; events delivered ${outcome.delivered}/${outcome.events}`);
}

function expectSettled(work: Workload, outcome: Outcome): void {
  expect(outcome.statuses.screenings).toEqual({ completed: work.screenings.length });
  // ZZ000001, ZZFLAKY2 (after two failed attempts) and ZZ000002 are found; ZZ404… is not.
  expect(outcome.statuses.businesses).toEqual({ completed: 3, not_found: 1 });
  expect(outcome.statuses.documents).toEqual({ processed: work.documents.length });
  expect(outcome.delivered).toBe(outcome.events);
  // Each record's final state is one subscribed event.
  expect(outcome.events).toBe(work.screenings.length + work.businesses.length + work.documents.length);
}

describe('faults', () => {
  it('SIGKILL of the worker while screenings, lookups, documents and deliveries are in flight', async () => {
    const work = await client.mixed('worker');
    await pause(300);
    await stack.killWorker();
    await pause(1_500);
    await stack.startWorker();
    const outcome = await settle(db, receiver, work);
    report('worker SIGKILL', work, outcome);
    expectSettled(work, outcome);
  }, 400_000);

  it('SIGKILL of the Temporal server, restarted on its SQLite file', async () => {
    const work = await client.mixed('temporal');
    await pause(300);
    await stack.killTemporal();
    await pause(2_000);
    await stack.startTemporal();
    const outcome = await settle(db, receiver, work);
    report('Temporal SIGKILL + restart', work, outcome);
    expectSettled(work, outcome);
  }, 400_000);

  it('a PostgreSQL restart', async () => {
    const work = await client.mixed('postgres');
    await pause(300);
    await stack.stopPostgres();
    await pause(1_000);
    await stack.startPostgres();
    const outcome = await settle(db, receiver, work);
    report('PostgreSQL restart', work, outcome);
    expectSettled(work, outcome);
    // The API's pipelined read connections were cut by the restart: the list is served again.
    const listed = await fetch(`${stack.apiUrl}/v1/screenings?page[size]=100`, { headers: { 'X-Api-Key': key } });
    expect(listed.status).toBe(200);
    const ids = ((await listed.json()) as { data: { id: string; attributes: { status: string } }[] }).data;
    for (const id of work.screenings) expect(ids.find((item) => item.id === id)?.attributes.status).toBe('completed');
  }, 400_000);

  it('MinIO stopped while uploads are being verified', async () => {
    const documents = await client.documents(3, async () => {
      await stack.stopMinio();
    });
    await pause(3_000);
    await stack.startMinio();
    const work = { screenings: [], businesses: [], documents };
    const outcome = await settle(db, receiver, work);
    report('MinIO stop during upload verification', work, outcome);
    expect(outcome.statuses.documents).toEqual({ processed: 3 });
    expect(outcome.delivered).toBe(outcome.events);
    expect(outcome.events).toBe(3);
  }, 400_000);

  it('SIGTERM stops the API (with its screening worker) and the worker cleanly', async () => {
    const api = await stack.stopApi();
    const worker = await stack.stopWorker();
    const logs = ['api', 'worker'].map((name) => readFileSync(path.join(stack.dir, `${name}.log`), 'utf8'));
    console.log(`[faults] SIGTERM: api exit ${JSON.stringify(api)}, worker exit ${JSON.stringify(worker)}`);
    expect(api).toEqual({ code: 0, signal: null });
    expect(worker).toEqual({ code: 0, signal: null });
    for (const log of logs) expect(log).not.toMatch(/IllegalStateError|Not running/);
    expect(logs[1]).toContain('worker stopped');
  }, 120_000);
});
