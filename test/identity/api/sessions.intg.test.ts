/**
 * Sessions through the API with real workers on the dev server: create for an account (copying
 * from the account, behavior_analysis validated and returned as stored), get, list filters, the
 * durable decline (workflow id, idempotence, expired and unknown sessions) and approve.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionDocument, sessionListDocument } from '../../../api/identity/sessions/session.schemas.js';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { sessionDeclineWorkflowId } from '../../../workflows/session-decline/session-decline.contract.js';
import { sessionExpiryWorkflowId } from '../../../workflows/session-expiry/session-expiry.contract.js';
import { accountBody, startIdentityContext, type IdentityTestContext } from '../support/identity-test-context.js';

let ctx: IdentityTestContext;
let accountId: string;

beforeAll(async () => {
  ctx = await startIdentityContext({ temporal: 'workers' });
  accountId = (await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, body: accountBody({ external_id: 'sess-1' }) })).body.data.id;
});
afterAll(async () => {
  await ctx?.close();
});

const behavior = {
  completion_time_seconds: 182.4, autofill_cancels: 0, autofill_starts: 2, bot_score: 3.5, shortcut_copies: 1, shortcut_pastes: 4,
  distraction_events: 2, request_spoof_attempts: 0, user_agent_spoof_attempts: 0, hesitation_baseline: 1.2, hesitation_count: 7,
  hesitation_percentage: 12.5, hesitation_time: 9.8, threat_level: 'low', devtools_open: false, debugger_attached: false,
};

const createSession = (attributes: Record<string, unknown> = {}, account = accountId, key = ctx.staging) =>
  ctx.api.request('POST', '/v1/identity/sessions', { key, body: { data: { type: 'session', attributes, relationships: { account: { data: { type: 'account', id: account } } } } } });

describe('POST /v1/identity/sessions', () => {
  it('opens a session for the account, copying what the body leaves out, with behavior_analysis as sent', async () => {
    const res = await createSession({ contact: { email: 'ada@example.com', phone: '+44 20 7946 0000' }, behavior_analysis: behavior });
    expect(res.status).toBe(201);
    expect(sessionDocument.safeParse(res.body).success).toBe(true);
    const s = res.body.data;
    expect(s.attributes).toMatchObject({
      status: 'created', creator_type: 'api_key', entity_type: 'person',
      person: { name: { first: 'Ada', middle: 'King', last: 'Lovelace' }, birth_date: '1985-12-10' },
      identity_numbers: { number: 'QQ123456C', issuing_country_code: 'GB', class: 'national_insurance' },
      contact: { email: 'ada@example.com', phone: '+44 20 7946 0000' },
      address: { locality: 'London' },
      behavior_analysis: behavior,
      started_at: null, completed_at: null, decisioned_at: null, expired_at: null,
    });
    expect(s.attributes.creator_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(s.attributes.expires_at).getTime() - new Date(s.attributes.created_at).getTime()).toBe(24 * 3600 * 1000);
    expect(s.relationships).toEqual({
      account: { data: { type: 'account', id: accountId } }, business: { data: null }, documents: { data: [] },
      session_devices: { data: [] }, verifications: { data: [] },
    });
    // The account now returns the contact, and lists the session.
    const account = await ctx.api.request('GET', `/v1/identity/accounts/${accountId}`, { key: ctx.staging });
    expect(account.body.data.attributes.contact).toEqual({ email: 'ada@example.com', phone: '+44 20 7946 0000' });
    expect(account.body.data.relationships.sessions.data).toContainEqual({ type: 'session', id: s.id });
    // The expiry timer runs on Temporal.
    const expiry = await ctx.client.workflow.getHandle(sessionExpiryWorkflowId(s.id)).describe();
    expect(expiry.status.name).toBe('RUNNING');
  });

  it('takes the attributes it is given over the account\'s', async () => {
    const res = await createSession({ person: { name: { first: 'Augusta', last: 'King' } }, identity_numbers: { number: 'X1', issuing_country_code: 'fr', class: 'passport' } });
    expect(res.body.data.attributes.person).toEqual({ name: { first: 'Augusta', middle: null, last: 'King' }, birth_date: null });
    expect(res.body.data.attributes.identity_numbers).toMatchObject({ number: 'X1', issuing_country_code: 'FR', class: 'passport' });
  });

  it.each([
    ['a negative counter', { behavior_analysis: { autofill_starts: -1 } }, '/data/attributes/behavior_analysis/autofill_starts'],
    ['a fractional counter', { behavior_analysis: { hesitation_count: 1.5 } }, '/data/attributes/behavior_analysis/hesitation_count'],
    ['an unknown threat level', { behavior_analysis: { threat_level: 'severe' } }, '/data/attributes/behavior_analysis/threat_level'],
    ['a string for a boolean', { behavior_analysis: { devtools_open: 'yes' } }, '/data/attributes/behavior_analysis/devtools_open'],
    ['an unknown behavior member', { behavior_analysis: { mouse_wiggles: 3 } }, '/data/attributes/behavior_analysis/mouse_wiggles'],
    ['a percentage over 100', { behavior_analysis: { hesitation_percentage: 140 } }, '/data/attributes/behavior_analysis/hesitation_percentage'],
    ['a bad email', { contact: { email: 'not-an-email' } }, '/data/attributes/contact/email'],
  ])('422 for %s', async (_label, attributes, pointer) => {
    const res = await createSession(attributes);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(pointer);
  });

  it('422 without an account, for an unknown one and for another environment\'s', async () => {
    const none = await ctx.api.request('POST', '/v1/identity/sessions', { key: ctx.staging, body: { data: { attributes: {} } } });
    expect(none.status).toBe(422);
    const unknown = await createSession({}, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'account_not_found', source: { pointer: '/data/relationships/account/data/id' } });
    expect((await createSession({}, accountId, ctx.production)).body.errors[0].code).toBe('account_not_found');
  });
});

describe('GET /v1/identity/sessions', () => {
  it('gets by id; 404 for unknown ids and other environments', async () => {
    const s = (await createSession()).body.data;
    const res = await ctx.api.request('GET', `/v1/identity/sessions/${s.id}`, { key: ctx.staging });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: s, meta: {}, links: { self: `/v1/identity/sessions/${s.id}` } });
    expect((await ctx.api.request('GET', `/v1/identity/sessions/${s.id}`, { key: ctx.production })).status).toBe(404);
    expect((await ctx.api.request('GET', '/v1/identity/sessions/not-a-uuid', { key: ctx.staging })).status).toBe(404);
  });

  it('filters by account and by status (a session past expires_at lists as expired)', async () => {
    const other = (await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, body: accountBody() })).body.data.id;
    const a = (await createSession({}, other)).body.data.id;
    const b = (await createSession({}, other)).body.data.id;
    await ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', a).execute();
    const byAccount = await ctx.api.request('GET', `/v1/identity/sessions?filter[account]=${other}&page[include_total]=true`, { key: ctx.staging });
    expect(sessionListDocument.safeParse(byAccount.body).success).toBe(true);
    expect(byAccount.body.data.map((s: { id: string }) => s.id)).toEqual([b, a]);
    expect(byAccount.body.meta.page.total).toBe(2);
    expect(byAccount.body.data[1].attributes).toMatchObject({ status: 'expired', expired_at: expect.any(String) });
    const expired = await ctx.api.request('GET', `/v1/identity/sessions?filter[account]=${other}&filter[status]=expired`, { key: ctx.staging });
    expect(expired.body.data.map((s: { id: string }) => s.id)).toEqual([a]);
    const created = await ctx.api.request('GET', `/v1/identity/sessions?filter[account]=${other}&filter[status]=created`, { key: ctx.staging });
    expect(created.body.data.map((s: { id: string }) => s.id)).toEqual([b]);
    expect((await ctx.api.request('GET', '/v1/identity/sessions?filter[status]=done', { key: ctx.staging })).status).toBe(400);
    expect((await ctx.api.request('GET', '/v1/identity/sessions?filter[account]=42', { key: ctx.staging })).status).toBe(400);
  });
});

describe('POST /v1/identity/sessions/{id}/decline', () => {
  it('declines through the session-decline workflow, with decisioned_at and an event', async () => {
    const s = (await createSession()).body.data;
    const res = await ctx.api.request('POST', `/v1/identity/sessions/${s.id}/decline`, { key: ctx.staging });
    expect(res.status).toBe(200);
    expect(sessionDocument.safeParse(res.body).success).toBe(true);
    expect(res.body.data.attributes.status).toBe('declined');
    expect(res.body.data.attributes.decisioned_at).toMatch(/Z$/);
    expect(res.body.links.self).toBe(`/v1/identity/sessions/${s.id}`);
    const run = await ctx.client.workflow.getHandle(sessionDeclineWorkflowId(s.id)).describe();
    expect(run.status.name).toBe('COMPLETED');
    const events = await eventsOfResource(ctx.db, s.id);
    expect(events.map((e) => e.status)).toEqual(['created', 'declined']);

    const again = await ctx.api.request('POST', `/v1/identity/sessions/${s.id}/decline`, { key: ctx.staging });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(res.body.data);
    expect((await eventsOfResource(ctx.db, s.id)).length).toBe(2);
  });

  it('404 for an unknown session and for another environment\'s', async () => {
    const s = (await createSession()).body.data;
    expect((await ctx.api.request('POST', '/v1/identity/sessions/00000000-0000-4000-8000-000000000000/decline', { key: ctx.staging })).status).toBe(404);
    const cross = await ctx.api.request('POST', `/v1/identity/sessions/${s.id}/decline`, { key: ctx.production });
    expect(cross.status).toBe(404);
    expect((await ctx.api.request('GET', `/v1/identity/sessions/${s.id}`, { key: ctx.staging })).body.data.attributes.status).toBe('created');
  });

  it('409 session_expired for a session past its expiry, which the workflow stores as expired', async () => {
    const s = (await createSession()).body.data;
    await ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 60_000) }).where('id', '=', s.id).execute();
    const res = await ctx.api.request('POST', `/v1/identity/sessions/${s.id}/decline`, { key: ctx.staging });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ status: '409', code: 'session_expired' });
    const row = await ctx.db.selectFrom('sessions').selectAll().where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect(row.decisioned_at).toBeNull();
  });

  it('approve: 409 before the session is complete; approved once complete; decline then 409', async () => {
    const s = (await createSession()).body.data;
    const early = await ctx.api.request('POST', `/v1/identity/sessions/${s.id}/approve`, { key: ctx.staging });
    expect(early.status).toBe(409);
    expect(early.body.errors[0].code).toBe('session_not_approvable');
    await ctx.db.updateTable('sessions').set({ status: 'completed', completed_at: new Date() }).where('id', '=', s.id).execute();
    const approved = await ctx.api.request('POST', `/v1/identity/sessions/${s.id}/approve`, { key: ctx.staging });
    expect(approved.status).toBe(200);
    expect(approved.body.data.attributes).toMatchObject({ status: 'approved', decisioned_at: expect.any(String) });
    const decline = await ctx.api.request('POST', `/v1/identity/sessions/${s.id}/decline`, { key: ctx.staging });
    expect(decline.status).toBe(409);
    expect(decline.body.errors[0].code).toBe('session_already_decisioned');
  });
});
