/**
 * POST /v1/screenings/batch: every item is checked before any is created (refusals name the
 * item); each item becomes a normal screening with its events, run by one workflow in matcher
 * chunks; an item that fails is reported failed in its own record while the others complete.
 * A batch is not started eagerly on the API process's own screening worker (any process serving the
 * screening-runs queue takes it): the API here has an eager client that refuses every call, so each
 * batch below runs only because it was started on the plain client.
 */
import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screeningBatchDocument } from '../../../api/screenings/screening.schemas.js';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { MATCH_CHUNK_SIZE, screeningBatchWorkflowId } from '../../../workflows/screening/screening.contract.js';
import { importRealLists, pollScreening, startScreeningContext, type ScreeningTestContext } from '../support/screening-test-context.js';
import { recordHistory } from '../support/workflow-histories.js';

let ctx: ScreeningTestContext;

beforeAll(async () => {
  ctx = await startScreeningContext({ eagerScreeningClient: refusingClient() });
  await importRealLists(ctx.tdb.db, 'un_sc_2026-02-27');
}, 120_000);
afterAll(async () => ctx?.close());

/** A Temporal client every call of which fails, standing for the API's eager screening client. */
function refusingClient(): Client {
  const refuse = (): never => {
    throw new Error('a batch must not be started on the eager screening client');
  };
  const workflow = new Proxy({}, { get: () => refuse });
  return new Proxy({}, { get: (_, key) => (key === 'workflow' ? workflow : refuse) }) as Client;
}

const person = (query: Record<string, unknown>, extra: Record<string, unknown> = {}, type = 'screening/watchlist') => ({ type, attributes: { query, ...extra } });
const UN_PERSON = { name_first: 'Jean-Marie Lugerero', name_last: 'Rukunda' };
const NOBODY = { name_first: 'Tamsin', name_last: 'Oyelaran-Whitcombe' };

async function screeningCount(): Promise<number> {
  const row = await ctx.tdb.db.selectFrom('screenings').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function postBatch(data: unknown[], key = ctx.keys.staging, headers: Record<string, string> = {}) {
  return ctx.api.request('POST', '/v1/screenings/batch', { key, body: { data }, headers });
}

describe('validation before anything is created', () => {
  it('names every invalid item by its index, and creates none', async () => {
    const before = await screeningCount();
    const res = await postBatch([
      person(UN_PERSON),
      person({ name_first: 'Ann' }),
      person(NOBODY),
      person({ ...NOBODY, birthdate: '1990-02-30' }),
      { type: 'screening/unknown', attributes: { query: NOBODY } },
    ]);
    expect(res.status).toBe(422);
    const pointers = res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/data/1/attributes/query/name_last', '/data/3/attributes/query/birthdate', '/data/4/type']));
    expect(pointers.every((p: string) => /^\/data\/[134]\//.test(p))).toBe(true);
    expect(await screeningCount()).toBe(before);
  });

  it('refuses unknown relationships and monitoring of adverse media per item, all at once', async () => {
    const before = await screeningCount();
    const missing = '00000000-0000-4000-8000-00000000abcd';
    const res = await postBatch([
      { ...person(NOBODY), relationships: { account: { data: { type: 'account', id: missing } } } },
      person(UN_PERSON),
      { type: 'screening/business-adverse-media', attributes: { query: { business_name: 'Acme', country: 'GB' }, monitor: true } },
      { type: 'screening/business-watchlist', attributes: { query: { business_name: 'Acme', country: 'GB' } }, relationships: { business: { data: { type: 'business', id: missing } } } },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { code: string; source: { pointer: string } }) => [e.code, e.source.pointer])).toEqual([
      ['account_not_found', '/data/0/relationships/account/data/id'],
      ['monitoring_not_supported', '/data/2/attributes/monitor'],
      ['business_not_found', '/data/3/relationships/business/data/id'],
    ]);
    expect(await screeningCount()).toBe(before);
  });

  it('holds 1 to 1,000 items and needs screenings:write', async () => {
    expect((await postBatch([])).body.errors[0].source.pointer).toBe('/data');
    const tooMany = await postBatch(Array.from({ length: 1001 }, () => person(NOBODY)));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0]).toMatchObject({ source: { pointer: '/data' }, detail: expect.stringContaining('1000') });
    expect((await postBatch([person(NOBODY)], ctx.keys.readOnly)).status).toBe(403);
  });
});

describe('a batch run', () => {
  it('answers every item in request order, with its own outcome: partial failures per item', async () => {
    const res = await postBatch([
      person(UN_PERSON, { execution_mode: 'sync' }),
      person(NOBODY, { execution_mode: 'sync', monitor: true }),
      person(NOBODY, { execution_mode: 'sync' }, 'screening/politically-exposed-person'),
      { type: 'screening/business-adverse-media', attributes: { execution_mode: 'sync', query: { business_name: 'Northwind Trading', country: 'GB' } } },
      { type: 'screening/business-watchlist', attributes: { query: { business_name: 'Acme Widgets', country: 'GB' } } },
    ]);
    expect(res.status).toBe(201);
    expect(screeningBatchDocument.safeParse(res.body).success).toBe(true);
    const items = res.body.data;
    const batchId = res.body.meta.batch_id;
    expect(items.map((i: { type: string }) => i.type)).toEqual([
      'screening/watchlist', 'screening/watchlist', 'screening/politically-exposed-person', 'screening/business-adverse-media', 'screening/business-watchlist',
    ]);
    expect(items.every((i: { attributes: { batch_id: string; origin: string } }) => i.attributes.batch_id === batchId && i.attributes.origin === 'batch')).toBe(true);
    expect(items[0].attributes).toMatchObject({ status: 'completed', has_match: true });
    expect(items[0].attributes.matched_lists[0].slug).toBe('un_sc_sanctions');
    expect(items[1].attributes).toMatchObject({ status: 'completed', has_match: false, monitor: true });
    expect(items[2].attributes).toMatchObject({ status: 'failed', has_match: null, errors: [expect.objectContaining({ code: 'no_lists_loaded' })] });
    expect(items[3].attributes).toMatchObject({ status: 'failed', errors: [expect.objectContaining({ code: 'no_articles_loaded' })] });
    const counted = Object.entries(res.body.meta.statuses as Record<string, number>).filter(([, n]) => n > 0);
    expect(Object.fromEntries(counted)).toEqual(
      items.reduce((acc: Record<string, number>, i: { attributes: { status: string } }) => ({ ...acc, [i.attributes.status]: (acc[i.attributes.status] ?? 0) + 1 }), {}),
    );
    const last = await pollScreening(ctx.api, ctx.keys.staging, items[4].id);
    expect(last.attributes.status).toBe('completed');
    for (const [i, final] of [[0, 'completed'], [2, 'failed'], [3, 'failed']] as const) {
      expect((await eventsOfResource(ctx.tdb.db, items[i].id)).map((e) => e.status)).toEqual(['pending', 'processing', final]);
    }
    await recordHistory(ctx.temporal.client, screeningBatchWorkflowId(batchId), 'screening-batch-partial-failures');
  });

  it('runs a batch larger than a matcher chunk in one workflow, answered pending and completed later', async () => {
    const size = MATCH_CHUNK_SIZE + 50;
    const res = await postBatch(Array.from({ length: size }, (_, i) => person(i % 10 === 0 ? UN_PERSON : { ...NOBODY, name_last: `${NOBODY.name_last}${i}` })));
    expect(res.status).toBe(201);
    expect(res.body.meta.statuses.pending).toBe(size);
    const ids: string[] = res.body.data.map((i: { id: string }) => i.id);
    const deadline = Date.now() + 60_000;
    let rows;
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await ctx.tdb.db.selectFrom('screenings').select(['id', 'status', 'has_match', 'workflow_id']).where('id', 'in', ids).execute();
    } while (rows.some((r) => r.status === 'pending' || r.status === 'processing') && Date.now() < deadline);
    expect(rows.every((r) => r.status === 'completed')).toBe(true);
    expect(rows.filter((r) => r.has_match).length).toBe(size / 10);
    expect(new Set(rows.map((r) => r.workflow_id))).toEqual(new Set([screeningBatchWorkflowId(res.body.meta.batch_id)]));
  });

  it('replays the same batch for the same Idempotency-Key instead of creating it twice', async () => {
    const headers = { 'Idempotency-Key': `batch-${Date.now()}` };
    const first = await postBatch([person(NOBODY), person(UN_PERSON)], ctx.keys.staging, headers);
    const before = await screeningCount();
    const again = await postBatch([person(NOBODY), person(UN_PERSON)], ctx.keys.staging, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.meta.batch_id).toBe(first.body.meta.batch_id);
    expect(await screeningCount()).toBe(before);
  });
});
