/**
 * Cursor readers of the event log see every event exactly once and in order: a transaction that
 * commits late with a lower sequence is not passed over, two relays of one consumer never hand an
 * event over twice, a relay stopped and started again resumes from its cursor, a consumer that
 * fails blocks nobody else, and the relay workflow keeps every event across a worker restart.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities } from '../../activities/index.js';
import { systemActor } from '../../activities/events/actor.model.js';
import { recordEvent } from '../../activities/events/record-event.js';
import type { EventConsumer } from '../../activities/events/relay/event-consumer.js';
import { relayBatch } from '../../activities/events/relay/relay-batch.js';
import { DEFAULT_MIN_STEP_INTERVAL_MS, runConsumer, SLOW_CONSUMER_STEP_INTERVAL_MS } from '../../activities/events/relay/relay-loop.js';
import { auditConsumer } from '../../activities/audit/audit.consumer.js';
import { workflowTriggersConsumer } from '../../activities/user-workflows/workflow-triggers.consumer.js';
import { screeningMonitoringConsumer } from '../../activities/screening/monitoring/screening-monitoring.consumer.js';
import { WAITABLE_DOCUMENT_TYPES } from '../../workflows/workflow-execution/definition.contract.js';
import { SETTLED_STATUSES } from '../../activities/user-workflows/steps/document-status.js';
import { parseEventType } from '../../activities/events/catalog/event-catalog.js';
import { startConsumerAtEnd } from '../../infra/db/repositories/events.repository.js';
import { webhooksConsumer } from '../../activities/webhooks/webhook.consumer.js';
import type { Db } from '../../infra/db/create-db.js';
import type { EventRow } from '../../infra/db/tables/events.table.js';
import { EVENT_RELAY_WORKFLOW_TYPE } from '../../workflows/event-relay/event-relay.contract.js';
import { pollUntil } from '../support/poll.js';
import { silentLogger, testConfig, testSecrets } from '../support/test-config.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { startTestWorkers } from '../support/test-worker.js';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.destroy();
});

const actor = systemActor('test');
function record(db: Db | Parameters<typeof recordEvent>[0], n = 1) {
  const write = async (trx: Parameters<typeof recordEvent>[0]) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i += 1) {
      ids.push(await recordEvent(trx, actor, {
        type: 'list_version.activated', environment: 'staging', resourceId: randomUUID(),
        payload: { slug: 'test', list_type: 'sanctions', entity_count: i, checksum: null, previous_version_id: null, error: null },
      }));
    }
    return ids;
  };
  return 'isTransaction' in db && db.isTransaction ? write(db as never) : (db as Db).transaction().execute(write);
}

/** A consumer that remembers what it was handed, in order. */
function recorder(name: string, handled: EventRow[] = [], fail?: () => boolean): EventConsumer & { handled: EventRow[] } {
  return {
    name,
    handled,
    async handle(_trx, events) {
      if (fail?.()) throw new Error('consumer is down');
      handled.push(...events);
    },
  };
}

/**
 * Steps a consumer until it has seen every given event: other tests' transactions on the shared
 * cluster can hold the log's horizon back for a moment, so an empty step does not mean done.
 */
async function drain(consumer: EventConsumer & { handled: EventRow[] }, ids: readonly string[]): Promise<void> {
  await pollUntil(async () => {
    await relayBatch(tdb.db, consumer);
    return ids.every((id) => consumer.handled.some((e) => e.id === id)) ? true : undefined;
  }, 30_000, 20);
}

const inOrder = (rows: EventRow[]) => rows.every((r, i) => i === 0 || BigInt(rows[i - 1]!.tx_id) < BigInt(r.tx_id) || (rows[i - 1]!.tx_id === r.tx_id && BigInt(rows[i - 1]!.sequence) < BigInt(r.sequence)));

describe('event log cursors', () => {
  it('do not pass over a transaction that commits after a later one', async () => {
    const consumer = recorder(`late-${randomUUID()}`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let lateIds: string[] = [];
    const late = tdb.db.transaction().execute(async (trx) => {
      lateIds = await record(trx, 2) as string[];
      await held;
    });
    await pollUntil(async () => (lateIds.length === 2 ? true : undefined), 10_000, 10);
    const earlyIds = await record(tdb.db, 1) as string[];
    await relayBatch(tdb.db, consumer);
    // Neither the open transaction's rows nor the later committed row are handed over yet.
    expect(consumer.handled.filter((e) => [...lateIds, ...earlyIds].includes(e.id))).toEqual([]);
    release();
    await late;
    await drain(consumer, [...lateIds, ...earlyIds]);
    const mine = consumer.handled.filter((e) => [...lateIds, ...earlyIds].includes(e.id)).map((e) => e.id);
    // The late transaction's rows come first (its transaction began first), then the other.
    expect(mine).toEqual([...lateIds, ...earlyIds]);
  });

  it('hand every event to one consumer exactly once, in order, with writers and two relays at once', async () => {
    const consumer = recorder(`busy-${randomUUID()}`);
    const controller = new AbortController();
    const relays = [0, 1].map(() => runConsumer(tdb.db, consumer, { budgetMs: 60_000, signal: controller.signal }));
    const written = (await Promise.all(Array.from({ length: 20 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * 37) % 200));
      return record(tdb.db, 25) as Promise<string[]>;
    }))).flat();
    await pollUntil(async () => (written.every((id) => consumer.handled.some((e) => e.id === id)) ? true : undefined), 30_000);
    controller.abort();
    await Promise.all(relays);
    const ids = consumer.handled.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(written.every((id) => ids.includes(id))).toBe(true);
    expect(inOrder(consumer.handled)).toBe(true);
  });

  it.each([
    ['the default interval', undefined],
    ['the audit and workflow-trigger consumers\' interval', SLOW_CONSUMER_STEP_INTERVAL_MS],
  ] as const)('coalesce a stream of small commits: a consumer steps at most once per its minimum interval (%s), and misses nothing', async (_label, interval) => {
    const handledAt: number[] = [];
    const consumer = recorder(`stream-${randomUUID()}`);
    if (interval !== undefined) consumer.minStepIntervalMs = interval;
    const handle = consumer.handle.bind(consumer);
    consumer.handle = async (trx, events) => {
      handledAt.push(Date.now());
      return handle(trx, events);
    };
    const controller = new AbortController();
    const relay = runConsumer(tdb.db, consumer, { budgetMs: 60_000, signal: controller.signal });
    // 40 single-event commits, one after another (each a few milliseconds): before the default
    // interval, every consumer stepped on almost every commit.
    const written: string[] = [];
    for (let i = 0; i < 40; i += 1) written.push(...((await record(tdb.db, 1)) as string[]));
    await pollUntil(async () => (written.every((id) => consumer.handled.some((e) => e.id === id)) ? true : undefined), 30_000);
    controller.abort();
    await relay;
    const ids = consumer.handled.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(inOrder(consumer.handled)).toBe(true);
    // Steps start at least the interval apart and the consumer is called within a step, a few reads
    // after it starts: if that takes under two intervals (it takes milliseconds), k steps span at
    // least (k − 1) intervals less two, so k ≤ span / interval + 3. Before the interval, a consumer
    // stepped on almost every commit: 14 steps within one interval here.
    const span = handledAt[handledAt.length - 1]! - handledAt[0]!;
    expect(handledAt.length).toBeLessThanOrEqual(Math.floor(span / (interval ?? DEFAULT_MIN_STEP_INTERVAL_MS)) + 3);
  });

  it('the audit and workflow-trigger consumers step at the slower interval; webhooks at the default', () => {
    expect(auditConsumer(() => new Date()).minStepIntervalMs).toBe(SLOW_CONSUMER_STEP_INTERVAL_MS);
    const triggers = workflowTriggersConsumer({ db: tdb.db, temporal: undefined as never, logger: silentLogger });
    expect(triggers.minStepIntervalMs).toBe(SLOW_CONSUMER_STEP_INTERVAL_MS);
    // Deliveries are what a customer waits for: they keep the default.
    expect(webhooksConsumer({ db: tdb.db, clock: () => new Date(), wake: undefined as never }).minStepIntervalMs).toBeUndefined();
  });

  it('hand a consumer only the types or resource types it asks for, and move its cursor past the rest', async () => {
    // 12 events in one transaction: list activations, list failures and template events interleaved.
    const written = await tdb.db.transaction().execute(async (trx) => {
      const out: { id: string; type: string }[] = [];
      for (let i = 0; i < 4; i += 1) {
        const payload = { slug: 'test', list_type: 'sanctions', entity_count: i, checksum: null, previous_version_id: null, error: null };
        for (const type of ['list_version.activated', 'list_version.failed'] as const) {
          out.push({ type, id: await recordEvent(trx, actor, { type, environment: 'staging', resourceId: randomUUID(), payload }) });
        }
        const template = { version: 1, document_class_type: null };
        out.push({ type: 'document_template.created', id: await recordEvent(trx, actor, { type: 'document_template.created', environment: 'staging', resourceId: randomUUID(), payload: template }) });
      }
      return out;
    });
    const idsOf = (types: string[]) => written.filter((w) => types.includes(w.type)).map((w) => w.id);
    const activations = Object.assign(recorder(`types-${randomUUID()}`), { types: ['list_version.activated'] });
    const templates = Object.assign(recorder(`resources-${randomUUID()}`), { resourceTypes: ['document_template'] });
    const none = Object.assign(recorder(`none-${randomUUID()}`), { types: [] as string[] });
    await drain(activations, idsOf(['list_version.activated']));
    await drain(templates, idsOf(['document_template.created']));
    const mine = (c: { handled: EventRow[] }) => c.handled.filter((e) => written.some((w) => w.id === e.id));
    expect(mine(activations).map((e) => e.id)).toEqual(idsOf(['list_version.activated']));
    expect(mine(templates).map((e) => e.id)).toEqual(idsOf(['document_template.created']));
    expect(activations.handled.every((e) => e.type === 'list_version.activated')).toBe(true);
    expect(templates.handled.every((e) => e.resource_type === 'document_template')).toBe(true);
    // A batch limit of 1 (full batches): each step hands one matching event and the cursor stops
    // there; the events between are skipped, and a step after the last one hands nothing more.
    const oneByOne = Object.assign(recorder(`one-${randomUUID()}`), { types: ['list_version.failed'] });
    const failures = idsOf(['list_version.failed']);
    await pollUntil(async () => {
      await relayBatch(tdb.db, oneByOne, 1);
      return failures.every((id) => oneByOne.handled.some((e) => e.id === id)) ? true : undefined;
    }, 30_000, 20);
    expect(mine(oneByOne).map((e) => e.id)).toEqual(failures);
    expect(new Set(oneByOne.handled.map((e) => e.id)).size).toBe(oneByOne.handled.length);
    // An empty filter would skip every event: refused before any read, and no cursor is made or moved.
    await expect(relayBatch(tdb.db, none)).rejects.toThrow(/lists no type/);
    expect(none.handled).toEqual([]);
    expect(await tdb.db.selectFrom('event_consumers').select('name').where('name', '=', none.name).executeTakeFirst()).toBeUndefined();
  });

  it('scan at most a window of the log per step when filtered, and step again at once while a window ends before the horizon', async () => {
    const windowed = Object.assign(recorder(`window-${randomUUID()}`), { types: ['list_version.activated'] });
    const listEvents = Object.assign(recorder(`list-${randomUUID()}`), { resourceTypes: ['list_version'] });
    await startConsumerAtEnd(tdb.db, windowed.name);
    await startConsumerAtEnd(tdb.db, listEvents.name);
    // Then 12 events: activation, failure, template, four times over.
    const listIds: string[] = [];
    const activations = await tdb.db.transaction().execute(async (trx) => {
      const ids: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const payload = { slug: 'test', list_type: 'sanctions', entity_count: i, checksum: null, previous_version_id: null, error: null };
        ids.push(await recordEvent(trx, actor, { type: 'list_version.activated', environment: 'staging', resourceId: randomUUID(), payload }));
        listIds.push(ids.at(-1)!);
        listIds.push(await recordEvent(trx, actor, { type: 'list_version.failed', environment: 'staging', resourceId: randomUUID(), payload }));
        await recordEvent(trx, actor, { type: 'document_template.created', environment: 'staging', resourceId: randomUUID(), payload: { version: 1, document_class_type: null } });
      }
      return ids;
    });
    // A window of 3 events holds one activation: four steps, each handing one, the first three
    // saying more is waiting (the horizon can lag behind the commit for a moment: empty steps first).
    const steps: { handled: number; more: boolean }[] = [];
    await pollUntil(async () => {
      const step = await relayBatch(tdb.db, windowed, 500, 3);
      if (step.handled > 0 || steps.length > 0) steps.push(step);
      return activations.every((id) => windowed.handled.some((e) => e.id === id)) ? true : undefined;
    }, 30_000, 20);
    expect(windowed.handled.map((e) => e.id)).toEqual(activations);
    expect(steps.map((s) => s.handled)).toEqual([1, 1, 1, 1]);
    expect(steps.slice(0, 3).every((s) => s.more)).toBe(true);
    expect(steps[3]!.more).toBe(false);
    // Full batches inside a window (limit 1, window 6): each step hands one list event and stops
    // its cursor there, so the next window starts after it; all 8 in order, then nothing more.
    const pairSteps: { handled: number; more: boolean }[] = [];
    await pollUntil(async () => {
      const step = await relayBatch(tdb.db, listEvents, 1, 6);
      if (step.handled > 0 || pairSteps.length > 0) pairSteps.push(step);
      return pairSteps.length > 0 && !step.more ? true : undefined;
    }, 30_000, 20);
    expect(listEvents.handled.map((e) => e.id)).toEqual(listIds);
    expect(pairSteps.map((s) => s.handled)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0]);
    // Unfiltered consumers are not windowed: one step reads all 12.
    const whole = recorder(`whole-${randomUUID()}`);
    await startConsumerAtEnd(tdb.db, whole.name);
    const more = await record(tdb.db, 12) as string[];
    let first: { handled: number; more: boolean } | undefined;
    await pollUntil(async () => {
      const step = await relayBatch(tdb.db, whole, 500, 3);
      first ??= step.handled > 0 ? step : undefined;
      return first ? true : undefined;
    }, 30_000, 20);
    expect(first).toEqual({ handled: 12, more: false });
    expect(whole.handled.map((e) => e.id)).toEqual(more);
  });

  it('the monitoring consumer reads list activations only, the workflow-trigger consumer waitable documents only', () => {
    const triggers = workflowTriggersConsumer({ db: tdb.db, temporal: undefined as never, logger: silentLogger });
    expect(triggers.resourceTypes).toEqual([...WAITABLE_DOCUMENT_TYPES]);
    // The resource type each waitable document's settled events are stored with passes that filter.
    for (const type of WAITABLE_DOCUMENT_TYPES) {
      for (const status of SETTLED_STATUSES) expect(triggers.resourceTypes).toContain(parseEventType(`${type}.${status}`)?.resourceType);
    }
    const monitoring = screeningMonitoringConsumer({ db: tdb.db, temporal: undefined as never, taskQueue: 'unused', logger: silentLogger });
    expect(monitoring.types).toEqual(['list_version.activated']);
  });

  it('resume from the cursor after a stop; a failing consumer holds back only itself', async () => {
    let down = true;
    const failing = recorder(`failing-${randomUUID()}`, [], () => down);
    const healthy = recorder(`healthy-${randomUUID()}`);
    const first = await record(tdb.db, 30) as string[];
    await pollUntil(async () => relayBatch(tdb.db, failing).then(() => undefined, (error: Error) => (error.message === 'consumer is down' ? true : undefined)), 30_000, 20);
    await drain(healthy, first);
    // A stop mid-way (an aborted run), then a new run: nothing twice, nothing lost.
    const controller = new AbortController();
    controller.abort();
    await runConsumer(tdb.db, healthy, { budgetMs: 10_000, signal: controller.signal });
    const second = await record(tdb.db, 10) as string[];
    await drain(healthy, second);
    const healthyIds = healthy.handled.map((e) => e.id);
    expect(new Set(healthyIds).size).toBe(healthyIds.length);
    expect([...first, ...second].every((id) => healthyIds.includes(id))).toBe(true);
    down = false;
    await drain(failing, [...first, ...second]);
  });
});

describe('the relay workflow', () => {
  it('audits every event exactly once across a worker restart', async () => {
    const db = tdb.db;
    const config = testConfig({ OUTBOUND_ALLOWLIST: '127.0.0.1' });
    const activities = ({ client, taskQueues }: { client: never; taskQueues: never }) =>
      createActivities({ db, storage: undefined as never, clock: () => new Date(), logger: silentLogger, fetch: globalThis.fetch, config, secrets: testSecrets, temporal: client, taskQueues });
    let workers = await startTestWorkers(activities);
    const workflowId = `event-relay-audit-${randomUUID()}`;
    await workers.client.workflow.start(EVENT_RELAY_WORKFLOW_TYPE, { workflowId, taskQueue: workers.taskQueues.events, args: [{ consumer: 'audit' }] });
    const before = (await record(db, 40)) as string[];
    await pollUntil(async () => {
      const n = await db.selectFrom('audit_events').select((eb) => eb.fn.countAll<string>().as('n')).where('event_id', 'in', before).executeTakeFirstOrThrow();
      return Number(n.n) === before.length ? true : undefined;
    }, 30_000);
    // The worker goes away mid-stream; events keep coming; another worker (same queue) takes over.
    const queues = workers.taskQueues;
    await workers.close();
    const during = (await record(db, 40)) as string[];
    workers = await startTestWorkers(activities, { taskQueues: queues });
    try {
      const all = [...before, ...during];
      await pollUntil(async () => {
        const n = await db.selectFrom('audit_events').select((eb) => eb.fn.countAll<string>().as('n')).where('event_id', 'in', all).executeTakeFirstOrThrow();
        return Number(n.n) === all.length ? true : undefined;
      }, 60_000);
      const rows = await db.selectFrom('audit_events').select(['event_id']).where('event_id', 'in', all).execute();
      expect(new Set(rows.map((r) => r.event_id)).size).toBe(all.length);
    } finally {
      await workers.client.workflow.getHandle(workflowId).terminate('test finished').catch(() => undefined);
      await workers.close();
    }
  }, 120_000);
});
