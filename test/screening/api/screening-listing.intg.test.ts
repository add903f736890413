/**
 * GET /v1/screenings and /v1/screenings/{id}: environment isolation, type and status filters,
 * page sizes 1–100 with id cursors and the spec's `meta.page_info` envelope (no links), and a sync
 * screening that outlives its wait answered with the record as it stands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screeningListDocument } from '../../../api/screenings/screening.schemas.js';
import { pollScreening, startScreeningContext, type ScreeningTestContext } from '../support/screening-test-context.js';

let ctx: ScreeningTestContext;
const created: { staging: string[]; production: string[] } = { staging: [], production: [] };

beforeAll(async () => {
  // A 1 ms sync wait: every sync request here outlives its wait.
  ctx = await startScreeningContext({ syncWaitMs: 1 });
  for (let i = 0; i < 5; i += 1) {
    const res = await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.staging, body: { data: { type: 'screening/watchlist', attributes: { query: { name_first: `Ana${i}`, name_last: 'Lima' } } } } });
    created.staging.push(res.body.data.id);
  }
  for (let i = 0; i < 2; i += 1) {
    const res = await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.staging, body: { data: { type: 'screening/business-watchlist', attributes: { query: { business_name: `Acme ${i}`, country: 'GB' } } } } });
    created.staging.push(res.body.data.id);
  }
  const prod = await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.production, body: { data: { type: 'screening/watchlist', attributes: { query: { name_first: 'Prod', name_last: 'Only' } } } } });
  created.production.push(prod.body.data.id);
  for (const id of created.staging) await pollScreening(ctx.api, ctx.keys.staging, id);
  await pollScreening(ctx.api, ctx.keys.production, prod.body.data.id);
});
afterAll(async () => {
  await ctx?.close();
});

const list = (query: string, key = ctx.keys.staging) => ctx.api.request('GET', `/v1/screenings${query}`, { key });

describe('environment isolation', () => {
  it('a key sees only its environment, and another environment id is 404', async () => {
    const prodId = created.production[0]!;
    expect((await ctx.api.request('GET', `/v1/screenings/${prodId}`, { key: ctx.keys.staging })).status).toBe(404);
    expect((await ctx.api.request('GET', `/v1/screenings/${prodId}`, { key: ctx.keys.production })).status).toBe(200);
    const staging = await list('?page[size]=100');
    expect(staging.body.data.map((s: { id: string }) => s.id).sort()).toEqual([...created.staging].sort());
    const production = await list('?page[size]=100', ctx.keys.production);
    expect(production.body.data.map((s: { id: string }) => s.id)).toEqual(created.production);
  });

  it('an unknown id is 404 with a screening error body; a malformed id is 404', async () => {
    const res = await ctx.api.request('GET', '/v1/screenings/00000000-0000-4000-8000-000000000000', { key: ctx.keys.staging });
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toMatchObject({ status: '404', title: expect.any(String), detail: expect.any(String), code: 'not_found' });
    expect((await ctx.api.request('GET', '/v1/screenings/nope', { key: ctx.keys.staging })).status).toBe(404);
  });

  it('a key with screenings:read only cannot create', async () => {
    const res = await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.readOnly, body: { data: { type: 'screening/watchlist', attributes: { query: { name_first: 'A', name_last: 'B' } } } } });
    expect(res.status).toBe(403);
    expect((await list('', ctx.keys.readOnly)).status).toBe(200);
  });
});

describe('filters and pages', () => {
  it('filters by type, including the list-only types', async () => {
    const business = await list('?filter[type]=screening/business-watchlist');
    expect(business.body.data).toHaveLength(2);
    expect(business.body.data.every((s: { type: string }) => s.type === 'screening/business-watchlist')).toBe(true);
    const registrations = await list('?filter[type]=screening/business-registrations');
    expect(registrations.status).toBe(200);
    expect(registrations.body.data).toEqual([]);
    const bad = await list('?filter[type]=screening/everything');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ code: 'invalid_parameter', source: { parameter: 'filter[type]' } });
  });

  it('filters by status', async () => {
    // No list is loaded here, so every screening failed with no_lists_loaded.
    const failed = await list('?filter[status]=failed&page[size]=100');
    expect(failed.body.data).toHaveLength(7);
    expect(failed.body.data.every((s: { attributes: { errors: { code: string }[] } }) => s.attributes.errors[0]!.code === 'no_lists_loaded')).toBe(true);
    expect((await list('?filter[status]=completed')).body.data).toEqual([]);
    expect((await list('?filter[status]=done')).status).toBe(400);
  });

  it('pages with page[size] 1..100 and the last item id as cursor; meta.page_info and no links', async () => {
    const first = await list('?page[size]=3');
    expect(first.status).toBe(200);
    expect(screeningListDocument.safeParse(first.body).success).toBe(true);
    expect(first.body.links).toBeUndefined();
    expect(Object.keys(first.body)).toEqual(['data', 'meta']);
    expect(first.body.meta.page_info).toMatchObject({ hasNextPage: true, hasPreviousPage: false, cursors: { start: first.body.data[0].id, end: first.body.data[2].id } });

    const seen: string[] = first.body.data.map((s: { id: string }) => s.id);
    let cursor = first.body.meta.page_info.cursors.end;
    for (;;) {
      const next = await list(`?page[size]=3&page[after]=${cursor}`);
      seen.push(...next.body.data.map((s: { id: string }) => s.id));
      if (!next.body.meta.page_info.hasNextPage) break;
      cursor = next.body.meta.page_info.cursors.end;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(created.staging));
    // Newest first.
    expect(seen).toEqual([...created.staging].reverse());

    const withTotal = await list('?page[size]=1&page[include_total]=true');
    expect(withTotal.body.meta.page_info.total).toBe(7);
    for (const size of ['0', '101', 'x']) expect((await list(`?page[size]=${size}`)).status).toBe(400);
    expect((await list('?page[size]=100')).status).toBe(200);
  });
});

describe('sync past the deadline', () => {
  it('answers 201 with the record as it stands, and the workflow still finishes it', async () => {
    const res = await ctx.api.request('POST', '/v1/screenings', {
      key: ctx.keys.staging,
      body: { data: { type: 'screening/watchlist', attributes: { execution_mode: 'sync', query: { name_first: 'Late', name_last: 'Answer' } } } },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes.execution_mode).toBe('sync');
    expect(['pending', 'processing']).toContain(res.body.data.attributes.status);
    expect(res.body.data.attributes.completed_at).toBeNull();
    const done = await pollScreening(ctx.api, ctx.keys.staging, res.body.data.id);
    expect(done.attributes.status).toBe('failed');
    await ctx.tdb.db.deleteFrom('events').where('resource_id', '=', res.body.data.id).execute();
    await ctx.tdb.db.deleteFrom('screenings').where('id', '=', res.body.data.id).execute();
  });
});
