/**
 * POST /v1/businesses input rules through the API, per country (spec: US needs official_name and
 * address; BR and GB need registration_number; ZZ needs any one), with the registry formats
 * checked before any registry is called, and the body's structure. Accepted requests use async
 * true on a task queue no worker polls: only the created record is looked at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Connection } from '@temporalio/client';
import { businessLookupWorkflowId } from '../../../workflows/business-lookup/business-lookup.contract.js';
import { testEnv } from '../../setup/test-env.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { createTestKey } from '../../support/test-keys.js';
import type { TestServer } from '../../support/test-server.js';
import { createSession, lookupBody, startBusinessApi } from '../support/business-test-context.js';
import { allOnOneQueue } from '../../../workflows/shared/task-queues.js';

let tdb: TestDatabase;
let connection: Connection;
let client: Client;
let api: TestServer;
let key: string;
let session: string;
const started: string[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  const env = testEnv();
  connection = await Connection.connect({ address: env.temporalAddress });
  client = new Client({ connection, namespace: env.temporalNamespace });
  const queue = `business-validation-unpolled-${Date.now()}`;
  api = await startBusinessApi({ db: tdb.db, client, taskQueues: allOnOneQueue(queue) });
  key = (await createTestKey(tdb.db, 'staging')).key;
  session = await createSession(tdb.db, 'staging');
});

afterAll(async () => {
  for (const id of started) await client.workflow.getHandle(businessLookupWorkflowId(id)).terminate('test over').catch(() => {});
  await api?.close();
  await connection?.close();
  await tdb?.destroy();
});

const post = (body: unknown) => api.request('POST', '/v1/businesses', { key, body });
const lookup = (country: unknown, input: unknown) => post(lookupBody(session, country as string, input as Record<string, unknown>, true));

async function accepted(country: string, input: Record<string, unknown>) {
  const res = await lookup(country, input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  started.push(res.body.data.id);
  return res.body.data;
}

async function rejected(country: unknown, input: unknown): Promise<{ code: string; detail: string; source: { pointer: string } }[]> {
  const res = await lookup(country, input);
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  return res.body.errors;
}

const P = '/data/meta/search_parameters';

describe('countries', () => {
  it('an unsupported country gets 422 unsupported_country listing the supported ones', async () => {
    const errors = await rejected('FR', { registration_number: '552100554' });
    expect(errors).toEqual([expect.objectContaining({ code: 'unsupported_country', source: { pointer: `${P}/country` } })]);
    expect(errors[0]!.detail).toContain('BR, GB, US, ZZ');
  });

  it('a missing country gets 422 naming the supported ones', async () => {
    const errors = await rejected(undefined, { official_name: 'Acme Test Ltd' });
    expect(errors[0]).toMatchObject({ code: 'validation_error', source: { pointer: `${P}/country` } });
    expect(errors[0]!.detail).toContain('BR, GB, US, ZZ');
  });

  it('country codes are case-insensitive and stored upper-case', async () => {
    const data = await accepted('zz', { official_name: 'Acme Test Ltd' });
    expect(data.attributes.country).toBe('ZZ');
    expect(data.meta.search_parameters.country).toBe('ZZ');
  });
});

describe('US: official_name and address', () => {
  it('both missing: one error per member', async () => {
    const errors = await rejected('US', { registration_number: '5123456' });
    expect(errors.map((e) => e.source.pointer)).toEqual([`${P}/input/official_name`, `${P}/input/address`]);
  });

  it('address missing (a blank string counts as missing)', async () => {
    const errors = await rejected('US', { official_name: 'Acme Widgets Inc', address: '   ' });
    expect(errors.map((e) => e.source.pointer)).toEqual([`${P}/input/address`]);
  });

  it('both given: accepted, trimmed', async () => {
    const data = await accepted('US', { official_name: '  Acme Widgets Inc ', address: '1209 Orange Street, Wilmington, DE' });
    expect(data.meta.search_parameters.input).toEqual({ official_name: 'Acme Widgets Inc', address: '1209 Orange Street, Wilmington, DE' });
  });
});

describe('BR: registration_number is a CNPJ with valid check digits', () => {
  it('missing', async () => {
    const errors = await rejected('BR', { official_name: 'Exemplo Ltda' });
    expect(errors).toEqual([expect.objectContaining({ source: { pointer: `${P}/input/registration_number` } })]);
  });

  it.each([
    ['11222333000182', 'check digits'],
    ['11111111111111', 'repeated digits'],
    ['1122233300018', 'CNPJ'],
    ['11.222.333/0001-8X', 'CNPJ'],
  ])('%s is refused (%s)', async (number, why) => {
    const errors = await rejected('BR', { registration_number: number });
    expect(errors[0]!.source.pointer).toBe(`${P}/input/registration_number`);
    expect(errors[0]!.detail).toContain(why);
  });

  it('a masked valid CNPJ is accepted and normalised', async () => {
    const data = await accepted('BR', { registration_number: '11.222.333/0001-81' });
    expect(data.meta.search_parameters.input).toEqual({ registration_number: '11222333000181' });
  });
});

describe('GB: registration_number is a UK company number', () => {
  it('missing', async () => {
    const errors = await rejected('GB', { official_name: 'Example Widgets Limited' });
    expect(errors[0]!.source.pointer).toBe(`${P}/input/registration_number`);
  });

  it.each(['ABC123456', 'XX123456', '123456789', 'SC-12'])('%s is refused', async (number) => {
    const errors = await rejected('GB', { registration_number: number });
    expect(errors[0]!.source.pointer).toBe(`${P}/input/registration_number`);
    expect(errors[0]!.detail).toContain('UK company number');
  });

  it.each([
    ['9876543', '09876543'],
    ['sc 1234', 'SC001234'],
  ])('%s is accepted as %s', async (number, normalised) => {
    const data = await accepted('GB', { registration_number: number });
    expect(data.meta.search_parameters.input.registration_number).toBe(normalised);
  });
});

describe('ZZ: at least one of official_name, registration_number, address', () => {
  it.each([[{}], [{ official_name: '', address: ' ' }], [null]])('none given (%j)', async (input) => {
    const errors = await rejected('ZZ', input);
    expect(errors).toEqual([expect.objectContaining({ code: 'validation_error', source: { pointer: `${P}/input` } })]);
  });

  it.each([[{ official_name: 'Acme Test Ltd' }], [{ registration_number: 'ZZ000001' }], [{ address: '1 Test Street' }]])('one given (%j)', async (input) => {
    const data = await accepted('ZZ', input);
    expect(data.attributes.async_status).toBe('processing');
  });
});

describe('lengths and body structure', () => {
  it('over-long members are refused', async () => {
    const errors = await rejected('ZZ', { official_name: 'x'.repeat(256), address: 'y'.repeat(501) });
    expect(errors.map((e) => e.source.pointer)).toEqual([`${P}/input/official_name`, `${P}/input/address`]);
  });

  it.each([
    ['a wrong type', (b: any) => (b.data.type = 'company'), '/data/type'],
    ['an unknown input member', (b: any) => (b.data.meta.search_parameters.input.vat = 'x'), `${P}/input/vat`],
    ['a non-boolean async', (b: any) => (b.data.meta.search_parameters.async = 'no'), `${P}/async`],
    ['a non-string member', (b: any) => (b.data.meta.search_parameters.input.official_name = 42), `${P}/input/official_name`],
    ['a session id that is not a uuid', (b: any) => (b.data.relationships.session.data.id = 'abc'), '/data/relationships/session/data/id'],
    ['a wrong relationship type', (b: any) => (b.data.relationships.session.data.type = 'account'), '/data/relationships/session/data/type'],
    ['no relationships', (b: any) => delete b.data.relationships, '/data/relationships'],
    ['no search parameters', (b: any) => delete b.data.meta.search_parameters, '/data/meta/search_parameters'],
  ])('%s is a 422 pointing at it', async (_what, change, pointer) => {
    const body = lookupBody(session, 'ZZ', { official_name: 'Acme Test Ltd' }, true);
    change(body);
    const res = await post(body);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(pointer);
  });

  it('async may be left out: the lookup runs async', async () => {
    const body: any = lookupBody(session, 'ZZ', { registration_number: 'ZZ000001' }, true);
    delete body.data.meta.search_parameters.async;
    const res = await post(body);
    expect(res.status).toBe(201);
    started.push(res.body.data.id);
    expect(res.body.data.attributes.async_status).toBe('processing');
  });

  it('nothing is stored for a refused request', async () => {
    const before = await tdb.db.selectFrom('businesses').select(tdb.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    await rejected('FR', { registration_number: '1' });
    await rejected('BR', { registration_number: '11222333000182' });
    const after = await tdb.db.selectFrom('businesses').select(tdb.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
