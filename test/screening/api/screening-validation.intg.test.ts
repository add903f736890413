/**
 * POST /v1/screenings validation: every bound of the spec's query table is a 422 whose pointer
 * names the field; unknown fields, bad types and modes are 422 too; relationships must point at
 * records of the caller's environment. Nothing here needs a list or a worker to run: a rejected
 * request never creates a screening. The published OpenAPI document states the same rules for the
 * PATCH and batch bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATABLE_SCREENING_TYPES } from '../../../workflows/screening/screening.contract.js';
import { startScreeningContext, type ScreeningTestContext } from '../support/screening-test-context.js';

let ctx: ScreeningTestContext;
beforeAll(async () => {
  ctx = await startScreeningContext();
});
afterAll(async () => {
  await ctx?.close();
});

const s = (n: number) => 'a'.repeat(n);
const person = { name_first: 'Ana', name_last: 'Lima' };
const business = { business_name: 'Acme Ltd', country: 'GB' };

function body(type: string, query: unknown, extra: Record<string, unknown> = {}) {
  return { data: { type, attributes: { query, ...extra } } };
}

async function post(payload: unknown) {
  return ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.staging, body: payload });
}

async function expect422(payload: unknown, pointer: string) {
  const res = await post(payload);
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  const pointers = res.body.errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer);
  expect(pointers).toContain(pointer);
  for (const e of res.body.errors) expect(e).toMatchObject({ status: '422', code: expect.any(String), title: expect.any(String), detail: expect.any(String) });
  return res;
}

const PERSON_TYPES = ['screening/watchlist', 'screening/politically-exposed-person'];
const BUSINESS_TYPES = ['screening/business-watchlist', 'screening/business-adverse-media'];

describe('person query bounds', () => {
  for (const type of PERSON_TYPES) {
    it(`${type}: name_first and name_last are required, 1 to 100 characters`, async () => {
      await expect422(body(type, { name_last: 'Lima' }), '/data/attributes/query/name_first');
      await expect422(body(type, { name_first: 'Ana' }), '/data/attributes/query/name_last');
      await expect422(body(type, { ...person, name_first: '' }), '/data/attributes/query/name_first');
      await expect422(body(type, { ...person, name_last: '' }), '/data/attributes/query/name_last');
      await expect422(body(type, { ...person, name_first: s(101) }), '/data/attributes/query/name_first');
      await expect422(body(type, { ...person, name_last: s(101) }), '/data/attributes/query/name_last');
      await expect422(body(type, { ...person, name_first: '   ' }), '/data/attributes/query/name_first');
      await expect422(body(type, { ...person, name_first: 42 }), '/data/attributes/query/name_first');
      const edge = await post(body(type, { name_first: s(100), name_last: 'b' }));
      expect(edge.status).toBe(201);
    });

    it(`${type}: birthdate is YYYY-MM-DD and a real date; country_code exactly 2 characters`, async () => {
      for (const bad of ['1980/01/02', '02-01-1980', '1980-1-2', '1980-02-30', '1980-13-01', '19800102']) {
        await expect422(body(type, { ...person, birthdate: bad }), '/data/attributes/query/birthdate');
      }
      // A mistyped year would silently clear true hits (a birth-date conflict filters them): refused.
      const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
      for (const bad of ['9999-12-31', nextYear, '0000-01-01', '0001-01-01', '1849-12-31']) {
        const res = await expect422(body(type, { ...person, birthdate: bad }), '/data/attributes/query/birthdate');
        expect(JSON.stringify(res), bad).toContain('not in the future');
      }
      expect((await post(body(type, { ...person, birthdate: '1850-01-01' }))).status).toBe(201);
      expect((await post(body(type, { ...person, birthdate: new Date().toISOString().slice(0, 10) }))).status).toBe(201);
      for (const bad of ['U', 'USA', '', '1A']) {
        await expect422(body(type, { ...person, country_code: bad }), '/data/attributes/query/country_code');
      }
      const ok = await post(body(type, { ...person, birthdate: '1980-02-29', country_code: 'br' }));
      expect(ok.status).toBe(201);
      const nulls = await post(body(type, { ...person, birthdate: null, country_code: null }));
      expect(nulls.status).toBe(201);
      expect(nulls.body.data.attributes.query).toEqual(person);
    });

    it(`${type}: a business field in a person query is an unknown field`, async () => {
      await expect422(body(type, { ...person, business_name: 'Acme' }), '/data/attributes/query/business_name');
    });
  }
});

describe('business query bounds', () => {
  for (const type of BUSINESS_TYPES) {
    it(`${type}: business_name 1 to 255 characters and country exactly 2 characters are required`, async () => {
      await expect422(body(type, { country: 'GB' }), '/data/attributes/query/business_name');
      await expect422(body(type, { business_name: 'Acme' }), '/data/attributes/query/country');
      await expect422(body(type, { ...business, business_name: '' }), '/data/attributes/query/business_name');
      await expect422(body(type, { ...business, business_name: s(256) }), '/data/attributes/query/business_name');
      await expect422(body(type, { ...business, country: 'GBR' }), '/data/attributes/query/country');
      await expect422(body(type, { ...business, country: 'G' }), '/data/attributes/query/country');
      const edge = await post(body(type, { business_name: s(255), country: 'ZZ' }));
      expect(edge.status).toBe(201);
    });
  }

  it('business-watchlist: registration_number at most 50 characters', async () => {
    await expect422(body('screening/business-watchlist', { ...business, registration_number: s(51) }), '/data/attributes/query/registration_number');
    expect((await post(body('screening/business-watchlist', { ...business, registration_number: s(50) }))).status).toBe(201);
  });

  it('business-adverse-media: registration_number is not part of its query', async () => {
    await expect422(body('screening/business-adverse-media', { ...business, registration_number: '123' }), '/data/attributes/query/registration_number');
  });
});

describe('envelope', () => {
  it('requires data, type, attributes and attributes.query', async () => {
    await expect422({}, '/data');
    await expect422({ data: { attributes: { query: person } } }, '/data/type');
    await expect422({ data: { type: 'screening/watchlist' } }, '/data/attributes');
    await expect422({ data: { type: 'screening/watchlist', attributes: {} } }, '/data/attributes/query');
  });

  it('rejects an unknown type, an unknown execution_mode and unknown fields', async () => {
    await expect422(body('screening/business-registrations', business), '/data/type');
    await expect422(body('screening/watchlist', person, { execution_mode: 'later' }), '/data/attributes/execution_mode');
    await expect422(body('screening/watchlist', person, { colour: 'red' }), '/data/attributes/colour');
    await expect422(body('screening/watchlist', person, { ignore_list: ['not-a-uuid'] }), '/data/attributes/ignore_list/0');
  });

  it('relationships must name an account/business of the caller environment', async () => {
    const account = await ctx.tdb.db.insertInto('accounts').values({ environment: 'production', entity_type: 'person' }).returning('id').executeTakeFirstOrThrow();
    const session = await ctx.tdb.db.insertInto('sessions').values({ environment: 'production', entity_type: 'business' }).returning('id').executeTakeFirstOrThrow();
    const business = await ctx.tdb.db
      .insertInto('businesses')
      .values({ environment: 'production', session_id: session.id, country: 'GB', search_input: JSON.stringify({}) })
      .returning('id')
      .executeTakeFirstOrThrow();

    const withAccount = body('screening/watchlist', person, {});
    (withAccount.data as Record<string, unknown>).relationships = { account: { data: { type: 'account', id: account.id } } };
    const stagingRes = await expect422(withAccount, '/data/relationships/account/data/id');
    expect(stagingRes.body.errors[0].code).toBe('account_not_found');
    const prodRes = await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.production, body: withAccount });
    expect(prodRes.status).toBe(201);
    expect(prodRes.body.data.relationships).toEqual({ account: { data: { type: 'account', id: account.id } }, business: { data: null }, monitored_screening: { data: null } });

    const withBusiness = body('screening/business-watchlist', { business_name: 'Acme', country: 'GB' });
    (withBusiness.data as Record<string, unknown>).relationships = { business: { data: { type: 'business', id: business.id } }, account: { data: null } };
    const badBusiness = await expect422(withBusiness, '/data/relationships/business/data/id');
    expect(badBusiness.body.errors[0].code).toBe('business_not_found');
    expect((await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.production, body: withBusiness })).status).toBe(201);

    const wrongType = body('screening/watchlist', person);
    (wrongType.data as Record<string, unknown>).relationships = { account: { data: { type: 'business', id: account.id } } };
    await expect422(wrongType, '/data/relationships/account/data/type');
  });

  it('a rejected request creates no screening', async () => {
    const before = await ctx.tdb.db.selectFrom('screenings').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    await expect422(body('screening/watchlist', { name_first: '' }), '/data/attributes/query/name_first');
    const after = await ctx.tdb.db.selectFrom('screenings').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('the published document', () => {
  it('describes the PATCH and batch bodies as they are validated', async () => {
    const doc = (await ctx.api.request('GET', '/v1/openapi.json')).body;
    const bodyOf = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;

    const patch = bodyOf('/v1/screenings/{id}', 'patch').properties.data;
    expect(patch.additionalProperties).toBe(false);
    expect(patch.required).toEqual(['attributes']);
    expect(patch.properties.type.enum).toEqual(['screening', ...CREATABLE_SCREENING_TYPES]);
    expect(patch.properties.type.description).toMatch(/409 type_mismatch/);
    expect(patch.properties.id).toMatchObject({ type: 'string', format: 'uuid', description: expect.stringMatching(/409 id_mismatch/) });
    expect(patch.properties.attributes).toMatchObject({ required: ['monitor'], additionalProperties: false, properties: { monitor: { type: 'boolean' } } });

    const batch = bodyOf('/v1/screenings/batch', 'post');
    expect(batch.additionalProperties).toBe(false);
    expect(batch.properties.data).toMatchObject({ type: 'array', minItems: 1, maxItems: 1000 });
    const variants = batch.properties.data.items.oneOf as { properties: { type: { const: string } }; additionalProperties: boolean }[];
    expect(variants.map((v) => v.properties.type.const).sort()).toEqual([...PERSON_TYPES, ...BUSINESS_TYPES].sort());
    expect(variants.every((v) => v.additionalProperties === false)).toBe(true);
  });
});
