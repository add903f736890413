/**
 * POST/GET /v1/businesses end to end on the test run's Temporal dev server: a real worker runs the
 * lookup workflow against local stand-ins for Companies House, BrasilAPI and OpenCorporates.
 * (Retries, long delays and the 45-second rule in Temporal time are in the time-skipping file.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessIdsBySession } from '../../../infra/db/repositories/businesses.repository.js';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { businessLookupWorkflowId } from '../../../workflows/business-lookup/business-lookup.contract.js';
import { businessDocument, businessListDocument } from '../../../api/businesses/business.schemas.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { createTestKey } from '../../support/test-keys.js';
import type { TestServer } from '../../support/test-server.js';
import { startTestWorkers, type TestTemporal } from '../../support/test-worker.js';
import { activitiesFor, createSession, lookupBody, startBusinessApi } from '../support/business-test-context.js';
import { startMockRegistries, type MockRegistries } from '../support/mock-registries.js';
import { pollUntil } from '../../support/poll.js';

let tdb: TestDatabase;
let registries: MockRegistries;
let temporal: TestTemporal;
let api: TestServer;
let impatientApi: TestServer;
let recordingApi: TestServer;
const waitsAsked: number[] = [];
let staging: string;
let production: string;
let stagingSession: string;
let productionSession: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  registries = await startMockRegistries();
  temporal = await startTestWorkers(activitiesFor(tdb.db, registries));
  api = await startBusinessApi({ db: tdb.db, client: temporal.client, taskQueues: temporal.taskQueues });
  // Same service with a sync wait far shorter than ZZSLOW's 60 s answer.
  impatientApi = await startBusinessApi({ db: tdb.db, client: temporal.client, taskQueues: temporal.taskQueues, syncWaitMs: 5000 });
  // Same service whose sync waiter only notes how long it was asked to wait.
  recordingApi = await startBusinessApi({
    db: tdb.db,
    client: temporal.client,
    taskQueues: temporal.taskQueues,
    waitForCompletion: async (_handle, ms) => void waitsAsked.push(ms),
  });
  staging = (await createTestKey(tdb.db, 'staging')).key;
  production = (await createTestKey(tdb.db, 'production')).key;
  stagingSession = await createSession(tdb.db, 'staging');
  productionSession = await createSession(tdb.db, 'production');
});

afterAll(async () => {
  await api?.close();
  await impatientApi?.close();
  await recordingApi?.close();
  await temporal?.close();
  await registries?.close();
  await tdb?.destroy();
});

const lookup = (server: TestServer, key: string, session: string, country: string, input: Record<string, unknown>, async = false) =>
  server.request('POST', '/v1/businesses', { key, body: lookupBody(session, country, input, async) });

describe('sync lookups that finish within 45 seconds answer 200 with the full record', () => {
  it('GB: Companies House profile, officers, PSCs and filings mapped into the record', async () => {
    const res = await lookup(api, staging, stagingSession, 'GB', { registration_number: '9876543' });
    expect(res.status).toBe(200);
    expect(businessDocument.safeParse(res.body).success).toBe(true);
    const { data } = res.body;
    expect(data.type).toBe('business');
    expect(data.attributes.async_status).toBe('completed');
    expect(data.meta.async_status).toBe('completed');
    expect(data.meta.search_parameters).toEqual({ country: 'GB', input: { registration_number: '09876543' } });
    expect(data.attributes.official_name).toBe('EXAMPLE WIDGETS LIMITED');
    expect(data.attributes.is_registered).toBe(true);
    expect(data.attributes.identifiers).toContainEqual(expect.objectContaining({ value: '09876543' }));
    expect(data.attributes.officers.length).toBeGreaterThan(0);
    expect(data.attributes.errors).toEqual([]);
    expect(data.attributes.completed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(data.relationships).toEqual({ sessions: { data: [{ type: 'session', id: stagingSession }] } });
    // The registry was asked for the normalised number, with the configured key.
    expect(registries.paths).toContain('/ch/company/09876543');
    const events = await eventsOfResource(tdb.db, data.id);
    expect(events.map((e) => e.status)).toEqual(['processing', 'completed']);
    expect(events.every((e) => e.environment === 'staging' && e.resource_type === 'business')).toBe(true);
  });

  it('BR: an active CNPJ (masked input) and a closed one', async () => {
    const active = await lookup(api, staging, stagingSession, 'BR', { registration_number: '11.222.333/0001-81' });
    expect(active.status).toBe(200);
    expect(active.body.data.attributes).toMatchObject({ async_status: 'completed', official_name: 'EXEMPLO COMERCIO DE ALIMENTOS LTDA', is_registered: true });
    expect(active.body.data.attributes.industry.length).toBeGreaterThan(0);
    const closed = await lookup(api, staging, stagingSession, 'BR', { registration_number: '12345678000195' });
    expect(closed.status).toBe(200);
    expect(closed.body.data.attributes).toMatchObject({ async_status: 'completed', official_name: 'RESTAURANTE EXEMPLO LTDA', is_registered: false });
  });

  it('US: OpenCorporates search by name, best address match, then the company', async () => {
    const res = await lookup(api, staging, stagingSession, 'US', { official_name: 'Acme Widgets Inc', address: '1209 Orange Street Suite 100, Wilmington, DE 19801' });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.async_status).toBe('completed');
    expect(res.body.data.attributes.official_name).toBe('ACME WIDGETS INC');
    expect(registries.paths).toContain('/oc/companies/us_de/5123456');
  });

  it('ZZ: the test registry\'s active and dissolved companies', async () => {
    const active = await lookup(api, staging, stagingSession, 'ZZ', { official_name: 'Acme Test Ltd' });
    expect(active.status).toBe(200);
    expect(active.body.data.attributes).toMatchObject({ async_status: 'completed', official_name: 'Acme Test Ltd', is_registered: true });
    const dissolved = await lookup(api, staging, stagingSession, 'ZZ', { registration_number: 'ZZ000002' });
    expect(dissolved.body.data.attributes).toMatchObject({ async_status: 'completed', is_registered: false, dissolution_date: '2020-08-18' });
  });
});

describe('lookups that find nothing or fail for good', () => {
  it('not found in the registry: async_status not_found with a business_not_found error', async () => {
    for (const [country, input] of [
      ['GB', { registration_number: '01234567' }],
      ['BR', { registration_number: '11444777000161' }],
      ['US', { official_name: 'Nobody Holdings', address: '1 Nowhere Road, Dover, DE' }],
      ['ZZ', { registration_number: 'ZZ404123' }],
    ] as const) {
      const res = await lookup(api, staging, stagingSession, country, input);
      expect(res.status, country).toBe(200);
      expect(res.body.data.attributes.async_status, country).toBe('not_found');
      expect(res.body.data.attributes.is_registered, country).toBe(false);
      expect(res.body.data.attributes.official_name, country).toBeNull();
      expect(res.body.data.attributes.errors, country).toEqual([{ code: 'business_not_found', title: 'Business not found', detail: expect.any(String) }]);
    }
  });

  it('a registry refusing our credentials fails the record at once, without retries', async () => {
    registries.queue('/ch/company/09876543', { status: 401, body: { error: 'Invalid Authorization', type: 'ch:service' } });
    const before = registries.paths.length;
    const res = await lookup(api, staging, stagingSession, 'GB', { registration_number: '09876543' });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.async_status).toBe('failed');
    expect(res.body.data.attributes.errors).toEqual([
      { code: 'registry_auth_failed', title: 'Registry refused access', detail: expect.stringContaining('Companies House') },
    ]);
    expect(registries.paths.slice(before)).toEqual(['/ch/company/09876543']);
    const events = await eventsOfResource(tdb.db, res.body.data.id);
    expect(events.map((e) => e.status)).toEqual(['processing', 'failed']);
  });

  it('ZZDENIED: the test registry\'s permanent failure', async () => {
    const res = await lookup(api, staging, stagingSession, 'ZZ', { registration_number: 'ZZDENIED' });
    expect(res.body.data.attributes.async_status).toBe('failed');
    expect(res.body.data.attributes.errors[0].code).toBe('registry_auth_failed');
  });
});

describe('async and the sync deadline', () => {
  it('async true answers 201 in processing at once; the record completes in the background', async () => {
    const res = await lookup(api, staging, stagingSession, 'ZZ', { registration_number: 'ZZ000001' }, true);
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/v1/businesses/${res.body.data.id}`);
    expect(res.body.data.attributes.async_status).toBe('processing');
    expect(res.body.data.meta.async_status).toBe('processing');
    expect(res.body.data.attributes.official_name).toBeNull();
    expect(res.body.data.attributes.is_registered).toBeNull();
    expect(res.body.data.attributes.completed_at).toBeNull();
    const done = await pollUntil(async () => {
      const got = await api.request('GET', `/v1/businesses/${res.body.data.id}`, { key: staging });
      return got.body.data.attributes.async_status === 'completed' ? got : undefined;
    });
    expect(done.body.data.attributes.official_name).toBe('Acme Test Ltd');
  });

  it('async false past the sync wait answers 201 in processing (ZZSLOW answers after 60 s)', async () => {
    const res = await lookup(impatientApi, staging, stagingSession, 'ZZ', { registration_number: 'ZZSLOW' });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes.async_status).toBe('processing');
    const handle = temporal.client.workflow.getHandle(businessLookupWorkflowId(res.body.data.id));
    expect((await handle.describe()).status.name).toBe('RUNNING');
    await handle.terminate('test over');
  });

  it('the sync wait is the spec\'s 45 seconds unless configured; async true never waits', async () => {
    const res = await lookup(recordingApi, staging, stagingSession, 'ZZ', { registration_number: 'ZZSLOW' });
    expect(res.status).toBe(201);
    expect(waitsAsked).toEqual([45_000]);
    await lookup(recordingApi, staging, stagingSession, 'ZZ', { registration_number: 'ZZSLOW' }, true);
    expect(waitsAsked).toEqual([45_000]);
    await temporal.client.workflow.getHandle(businessLookupWorkflowId(res.body.data.id)).terminate('test over');
  });

  it('async false within the sync wait answers 200 on the same short-wait service', async () => {
    const res = await lookup(impatientApi, staging, stagingSession, 'ZZ', { registration_number: 'ZZ000001' });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.async_status).toBe('completed');
  });
});

describe('sessions, environments, list and get', () => {
  it('a session of another environment, or none, is rejected with 422 pointing at the relationship', async () => {
    for (const session of [productionSession, '00000000-0000-4000-8000-000000000000']) {
      const res = await lookup(api, staging, session, 'ZZ', { registration_number: 'ZZ000001' });
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code: 'session_not_found', source: { pointer: '/data/relationships/session/data/id' } });
    }
  });

  it('a record is invisible to the other environment (get 404, not listed)', async () => {
    const created = await lookup(api, production, productionSession, 'ZZ', { registration_number: 'ZZ000001' });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await api.request('GET', `/v1/businesses/${id}`, { key: staging })).status).toBe(404);
    expect((await api.request('GET', `/v1/businesses/${id}`, { key: production })).status).toBe(200);
    const stagingList = await api.request('GET', '/v1/businesses?page[size]=100', { key: staging });
    expect(stagingList.body.data.map((b: { id: string }) => b.id)).not.toContain(id);
    const productionList = await api.request('GET', '/v1/businesses?page[include_total]=true', { key: production });
    expect(productionList.body.meta.page.total).toBe(1);
    expect(productionList.body.data[0].id).toBe(id);
  });

  it('list filters by country, status and session, pages newest first and counts', async () => {
    const session = await createSession(tdb.db, 'staging');
    const ids: string[] = [];
    for (const input of [{ registration_number: 'ZZ000001' }, { registration_number: 'ZZ404' }, { registration_number: 'ZZ000002' }]) {
      ids.push((await lookup(api, staging, session, 'ZZ', input)).body.data.id);
    }
    const bySession = await api.request('GET', `/v1/businesses?filter[session_id]=${session}&page[size]=2&page[include_total]=true`, { key: staging });
    expect(bySession.status).toBe(200);
    expect(businessListDocument.safeParse(bySession.body).success).toBe(true);
    expect(bySession.body.data.map((b: { id: string }) => b.id)).toEqual([ids[2], ids[1]]);
    expect(bySession.body.meta.page).toMatchObject({ total: 3, hasNextPage: true, hasPreviousPage: false });
    const next = await api.request('GET', bySession.body.links.next, { key: staging });
    expect(next.body.data.map((b: { id: string }) => b.id)).toEqual([ids[0]]);

    const notFound = await api.request('GET', `/v1/businesses?filter[status]=not_found&filter[session_id]=${session}`, { key: staging });
    expect(notFound.body.data.map((b: { id: string }) => b.id)).toEqual([ids[1]]);
    const zz = await api.request('GET', '/v1/businesses?filter[country]=zz&filter[status]=completed&page[size]=100', { key: staging });
    expect(zz.body.data.length).toBeGreaterThan(0);
    expect(zz.body.data.every((b: any) => b.attributes.country === 'ZZ' && b.attributes.async_status === 'completed')).toBe(true);
    const gb = await api.request('GET', '/v1/businesses?filter[country]=GB&page[size]=100', { key: staging });
    expect(gb.body.data.every((b: any) => b.attributes.country === 'GB')).toBe(true);
    expect(gb.body.data.map((b: { id: string }) => b.id)).not.toContain(ids[0]);

    expect((await businessIdsBySession(tdb.db, 'staging', [session])).get(session)).toEqual(ids);
    expect((await businessIdsBySession(tdb.db, 'production', [session])).get(session) ?? []).toEqual([]);
  });

  it('bad list parameters and unknown ids', async () => {
    expect((await api.request('GET', '/v1/businesses?filter[status]=done', { key: staging })).status).toBe(400);
    expect((await api.request('GET', '/v1/businesses?filter[country]=GBR', { key: staging })).status).toBe(400);
    expect((await api.request('GET', '/v1/businesses?filter[colour]=red', { key: staging })).status).toBe(400);
    expect((await api.request('GET', '/v1/businesses/00000000-0000-4000-8000-000000000000', { key: staging })).status).toBe(404);
    expect((await api.request('GET', '/v1/businesses/not-a-uuid', { key: staging })).status).toBe(404);
  });
});
