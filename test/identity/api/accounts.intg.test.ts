/**
 * Accounts through the API on a real database: create with the spec's shapes, validation, the
 * external_id conflict, list filters and pages, get, patch (status and data), events and
 * environment isolation. Redaction has its own file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDocument, accountListDocument } from '../../../api/identity/accounts/account.schemas.js';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { accountBody, startIdentityContext, type IdentityTestContext } from '../support/identity-test-context.js';

let ctx: IdentityTestContext;

beforeAll(async () => {
  ctx = await startIdentityContext({ temporal: 'none' });
});
afterAll(async () => {
  await ctx?.close();
});

const post = (body: unknown, key = ctx.staging) => ctx.api.request('POST', '/v1/identity/accounts', { key, body });

describe('POST /v1/identity/accounts', () => {
  it('creates a person account with the spec shapes and answers {data, meta, links}', async () => {
    const res = await post(accountBody({ external_id: 'cust-001' }));
    expect(res.status).toBe(201);
    expect(accountDocument.safeParse(res.body).success).toBe(true);
    const { data } = res.body;
    expect(res.headers.get('location')).toBe(`/v1/identity/accounts/${data.id}`);
    expect(res.body.links).toEqual({ self: `/v1/identity/accounts/${data.id}` });
    expect(res.body.meta).toEqual({});
    expect(data.type).toBe('account');
    expect(data.attributes).toMatchObject({
      external_id: 'cust-001',
      status: 'active',
      entity_type: 'person',
      person: { name: { first: 'Ada', middle: 'King', last: 'Lovelace' }, birth_date: '1985-12-10' },
      address: { line1: '12 St James Square', line2: null, sublocality: 'St James', locality: 'London', administrative_area: 'Greater London', postal_code: 'SW1Y 4JH', country_code: 'GB' },
      contact: null,
      business: null,
      redacted_at: null,
    });
    expect(data.attributes.identity_numbers).toEqual([
      { number: 'QQ123456C', issuing_country_code: 'GB', class: 'national_insurance', created_at: data.attributes.created_at, updated_at: data.attributes.created_at },
    ]);
    expect(data.attributes.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(data.relationships).toEqual({ sessions: { data: [] }, documents: { data: [] } });
    const events = await eventsOfResource(ctx.db, data.id);
    expect(events.map((e) => [e.type, e.payload.status, e.actor_type, e.actor_name])).toEqual([['account.created', 'active', 'api_key', 'test']]);
  });

  it('creates a business account with shareholders; entity_type follows the business', async () => {
    const res = await post({
      data: {
        attributes: {
          business: {
            legal_name: 'Analytical Engines Ltd',
            registration_date: '2019-04-01',
            shareholders: [
              { name: 'Ada Lovelace', shareholder_type: 'individual', date_of_birth: '1985-12-10', id_type: 'passport', id_number: '533401372', number_of_share: '600', percentage_of_share: 60 },
              { name: 'Babbage Holdings', shareholder_type: 'company', number_of_share: '400', percentage_of_share: 40 },
            ],
          },
          status: 'pending',
        },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes.entity_type).toBe('business');
    expect(res.body.data.attributes.status).toBe('pending');
    expect(res.body.data.attributes.business.shareholders[1]).toEqual({
      name: 'Babbage Holdings', shareholder_type: 'company', date_of_birth: null, id_type: null, id_number: null, number_of_share: '400', percentage_of_share: 40,
    });
  });

  it('409 for an external_id already used in the environment, naming the existing account', async () => {
    const first = await post(accountBody({ external_id: 'dup-1' }));
    const second = await post(accountBody({ external_id: 'dup-1' }));
    expect(second.status).toBe(409);
    expect(second.body.errors[0]).toMatchObject({ status: '409', code: 'external_id_taken', source: { pointer: '/data/attributes/external_id' }, meta: { existing_id: first.body.data.id } });
    expect(second.body.errors[0].detail).toContain(first.body.data.id);
  });

  it('the same external_id is free in the other environment', async () => {
    expect((await post(accountBody({ external_id: 'dup-env' }))).status).toBe(201);
    expect((await post(accountBody({ external_id: 'dup-env' }), ctx.production)).status).toBe(201);
  });

  it.each([
    ['an unknown attribute', { nickname: 'x' }, '/data/attributes/nickname'],
    ['a birth date that is not a calendar date', { person: { birth_date: '1985-02-30' } }, '/data/attributes/person/birth_date'],
    ['a three-letter country', { address: { country_code: 'GBR' } }, '/data/attributes/address/country_code'],
    ['a share percentage over 100', { business: { shareholders: [{ name: 'X', percentage_of_share: 120 }] } }, '/data/attributes/business/shareholders/0/percentage_of_share'],
    ['an identity number without a number', { identity_numbers: [{ class: 'ssn' }] }, '/data/attributes/identity_numbers/0/number'],
    ['an unknown status', { status: 'closed' }, '/data/attributes/status'],
  ])('422 for %s, pointing at it', async (_label, attributes, pointer) => {
    const res = await post({ data: { attributes } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(pointer);
  });
});

describe('GET /v1/identity/accounts and /{id}', () => {
  let ids: string[];
  beforeAll(async () => {
    ids = [];
    for (const status of ['active', 'inactive', 'suspended', 'pending', 'active'] as const) {
      ids.push((await post(accountBody({ status }), ctx.production)).body.data.id);
    }
    ids.push((await post({ data: { attributes: { business: { legal_name: 'Filter Co' } } } }, ctx.production)).body.data.id);
  });

  it('gets one account; 404 for an unknown id and for another environment\'s id', async () => {
    const res = await ctx.api.request('GET', `/v1/identity/accounts/${ids[0]}`, { key: ctx.production });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(ids[0]);
    expect((await ctx.api.request('GET', `/v1/identity/accounts/${ids[0]}`, { key: ctx.staging })).status).toBe(404);
    const unknown = await ctx.api.request('GET', '/v1/identity/accounts/00000000-0000-4000-8000-000000000000', { key: ctx.production });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe('not_found');
  });

  it('lists newest first with default page size 15 and the spec envelope; staging never sees production', async () => {
    const res = await ctx.api.request('GET', '/v1/identity/accounts?page[include_total]=true', { key: ctx.production });
    expect(res.status).toBe(200);
    expect(accountListDocument.safeParse(res.body).success).toBe(true);
    const listed = res.body.data.map((a: { id: string }) => a.id);
    expect(listed.slice(0, 6)).toEqual([...ids].reverse());
    expect(res.body.meta.page.total).toBe(listed.length);
    const staging = await ctx.api.request('GET', '/v1/identity/accounts?page[size]=100', { key: ctx.staging });
    expect(staging.body.data.some((a: { id: string }) => ids.includes(a.id))).toBe(false);
  });

  it('filters by status and by entity type', async () => {
    const suspended = await ctx.api.request('GET', '/v1/identity/accounts?filter[status]=suspended', { key: ctx.production });
    expect(suspended.body.data.map((a: { id: string }) => a.id)).toEqual([ids[2]]);
    const business = await ctx.api.request('GET', '/v1/identity/accounts?filter[entity_type]=business', { key: ctx.production });
    expect(business.body.data.map((a: { id: string }) => a.id)).toEqual([ids[5]]);
    const activePersons = await ctx.api.request('GET', '/v1/identity/accounts?filter[status]=active&filter[entity_type]=person&page[include_total]=true', { key: ctx.production });
    const mine = activePersons.body.data.map((a: { id: string }) => a.id).filter((id: string) => ids.includes(id));
    expect(mine).toEqual([ids[4], ids[0]]);
    expect(activePersons.body.data.every((a: { attributes: { status: string; entity_type: string } }) => a.attributes.status === 'active' && a.attributes.entity_type === 'person')).toBe(true);
    expect(activePersons.body.meta.page.total).toBe(activePersons.body.data.length);
  });

  it('pages with cursors both ways', async () => {
    const first = await ctx.api.request('GET', '/v1/identity/accounts?page[size]=2', { key: ctx.production });
    expect(first.body.data.map((a: { id: string }) => a.id)).toEqual([ids[5], ids[4]]);
    expect(first.body.meta.page.hasNextPage).toBe(true);
    const second = await ctx.api.request('GET', first.body.links.next, { key: ctx.production });
    expect(second.body.data.map((a: { id: string }) => a.id)).toEqual([ids[3], ids[2]]);
    const back = await ctx.api.request('GET', second.body.links.prev, { key: ctx.production });
    expect(back.body.data.map((a: { id: string }) => a.id)).toEqual([ids[5], ids[4]]);
  });

  it('400 for bad filters and page sizes', async () => {
    for (const q of ['filter[status]=closed', 'filter[entity_type]=robot', 'page[size]=abc', 'page[size]=-1', 'filter[unknown]=1']) {
      const res = await ctx.api.request('GET', `/v1/identity/accounts?${q}`, { key: ctx.production });
      expect(res.status, q).toBe(400);
    }
  });
});

describe('PATCH /v1/identity/accounts/{id}', () => {
  it('changes status and data, keeps what was not sent, and writes an event per change', async () => {
    const created = (await post(accountBody({ external_id: 'patch-1' }))).body.data;
    const res = await ctx.api.request('PATCH', `/v1/identity/accounts/${created.id}`, {
      key: ctx.staging,
      body: { data: { type: 'account', id: created.id, attributes: { status: 'suspended', address: { line1: '1 New Street', locality: 'Leeds', country_code: 'GB' } } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.status).toBe('suspended');
    expect(res.body.data.attributes.address).toMatchObject({ line1: '1 New Street', locality: 'Leeds', sublocality: null });
    expect(res.body.data.attributes.person).toEqual(created.attributes.person);
    expect(res.body.data.attributes.external_id).toBe('patch-1');
    expect(res.body.data.attributes.identity_numbers).toEqual(created.attributes.identity_numbers);
    const events = await eventsOfResource(ctx.db, created.id);
    expect(events.map((e) => [e.type, e.payload.status])).toEqual([['account.created', 'active'], ['account.updated', 'suspended']]);
    expect(events[1]!.payload).toMatchObject({ previous_status: 'active' });
    expect(events[1]!.payload.changed).toEqual(expect.arrayContaining(['address', 'status']));
    expect(JSON.stringify(events.map((e) => e.payload))).not.toContain('New Street');
  });

  it('409 when the new external_id belongs to another account; 404 for unknown; 422 for empty attributes', async () => {
    const a = (await post(accountBody({ external_id: 'patch-a' }))).body.data;
    const b = (await post(accountBody({ external_id: 'patch-b' }))).body.data;
    const clash = await ctx.api.request('PATCH', `/v1/identity/accounts/${b.id}`, { key: ctx.staging, body: { data: { attributes: { external_id: 'patch-a' } } } });
    expect(clash.status).toBe(409);
    expect(clash.body.errors[0].meta.existing_id).toBe(a.id);
    const unknown = await ctx.api.request('PATCH', '/v1/identity/accounts/00000000-0000-4000-8000-000000000000', { key: ctx.staging, body: { data: { attributes: { status: 'active' } } } });
    expect(unknown.status).toBe(404);
    const empty = await ctx.api.request('PATCH', `/v1/identity/accounts/${a.id}`, { key: ctx.staging, body: { data: { attributes: {} } } });
    expect(empty.status).toBe(422);
    const otherEnv = await ctx.api.request('PATCH', `/v1/identity/accounts/${a.id}`, { key: ctx.production, body: { data: { attributes: { status: 'inactive' } } } });
    expect(otherEnv.status).toBe(404);
  });
});
