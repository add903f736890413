/**
 * What a credential request may ask: claims the records do not support are refused with 422 and
 * the reason (pointer to the relationship); a batch is checked whole before anything is issued;
 * the batch issue tier (10 per minute, burst 10) and the public verify limit per client answer 429.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount, insertBusiness, insertScreening, insertSession } from './support/credential-records.js';
import { credentialBody, startCredentialsContext, type CredentialsTestContext } from './support/credentials-test-context.js';

let ctx: CredentialsTestContext;

beforeAll(async () => {
  ctx = await startCredentialsContext({ rateLimits: { public_verify: { perMinute: 1, burst: 3 } } });
});
afterAll(async () => {
  await ctx?.close();
});

const ref = (type: string, id: string) => ({ data: { type, id } });
const attrs = { credential_type: 'KycCredential', subject: { claims: {} } };

async function refused(key: string, body: unknown, code: string, pointer: string) {
  const res = await ctx.api.request('POST', '/v1/credentials', { key, body });
  expect(res.status, res.text).toBe(422);
  expect(res.body.errors[0]).toMatchObject({ code, source: { pointer } });
  return res;
}

describe('claims a record does not support', () => {
  it('refuses a session that is not approved, or has no processed identity document, or is another environment’s', async () => {
    const completed = await insertSession(ctx.tdb.db, 'production', { status: 'completed', processedDocument: true });
    await refused(ctx.keys.production, credentialBody(attrs, { session: ref('session', completed) }), 'session_not_approved', '/data/relationships/session/data/id');
    const noDocument = await insertSession(ctx.tdb.db, 'production', { status: 'approved', processedDocument: false });
    await refused(ctx.keys.production, credentialBody(attrs, { session: ref('session', noDocument) }), 'identity_document_not_processed', '/data/relationships/session/data/id');
    const staging = await insertSession(ctx.tdb.db, 'staging', { status: 'approved', processedDocument: true });
    await refused(ctx.keys.production, credentialBody(attrs, { session: ref('session', staging) }), 'session_not_found', '/data/relationships/session/data/id');
  });

  it('refuses a business lookup that is not completed with is_registered true', async () => {
    const session = await insertSession(ctx.tdb.db, 'production', { status: 'approved', processedDocument: true });
    const dissolved = await insertBusiness(ctx.tdb.db, 'production', session, { asyncStatus: 'completed', isRegistered: false });
    await refused(ctx.keys.production, credentialBody(attrs, { business: ref('business', dissolved) }), 'business_not_registered', '/data/relationships/business/data/id');
    const notFound = await insertBusiness(ctx.tdb.db, 'production', session, { asyncStatus: 'not_found', isRegistered: false });
    await refused(ctx.keys.production, credentialBody(attrs, { business: ref('business', notFound) }), 'business_lookup_not_completed', '/data/relationships/business/data/id');
  });

  it('refuses a screening with a match or not completed', async () => {
    const matched = await insertScreening(ctx.tdb.db, 'production', { status: 'completed', hasMatch: true });
    await refused(ctx.keys.production, credentialBody(attrs, { screening: ref('screening', matched) }), 'screening_has_match', '/data/relationships/screening/data/id');
    const failed = await insertScreening(ctx.tdb.db, 'production', { status: 'failed', hasMatch: null });
    await refused(ctx.keys.production, credentialBody(attrs, { screening: ref('screening', failed) }), 'screening_not_completed', '/data/relationships/screening/data/id');
  });

  it('refuses records of different accounts, and an inactive account', async () => {
    const session = await insertSession(ctx.tdb.db, 'production', { status: 'approved', processedDocument: true });
    const otherAccount = await insertAccount(ctx.tdb.db, 'production');
    const screening = await insertScreening(ctx.tdb.db, 'production', { status: 'completed', hasMatch: false, accountId: otherAccount });
    await refused(ctx.keys.production, credentialBody(attrs, { session: ref('session', session), screening: ref('screening', screening) }), 'relationship_mismatch', '/data/relationships/screening/data/id');
    const suspended = await insertAccount(ctx.tdb.db, 'production', 'suspended');
    await refused(ctx.keys.production, credentialBody({ ...attrs, subject: { claims: { a: 1 } } }, { account: ref('account', suspended) }), 'account_not_active', '/data/relationships/account/data/id');
  });

  it('refuses caller claims under the service’s claim names, and a credential stating nothing', async () => {
    await refused(ctx.keys.production, credentialBody({ credential_type: 'KycCredential', subject: { claims: { identity_verification: { approved: true } } } }),
      'claim_not_allowed', '/data/attributes/subject/claims/identity_verification');
    const empty = await ctx.api.request('POST', '/v1/credentials', { key: ctx.keys.production, body: credentialBody(attrs) });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0]).toMatchObject({ code: 'validation_error', source: { pointer: '/data/attributes/subject/claims' } });
  });

  it('issues nothing when one item of a batch is refused, naming the item', async () => {
    const matched = await insertScreening(ctx.tdb.db, 'production', { status: 'completed', hasMatch: true });
    const before = await ctx.tdb.db.selectFrom('credentials').select(ctx.tdb.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await ctx.api.request('POST', '/v1/credentials/batch-issue', {
      key: ctx.keys.production,
      body: { data: [
        { type: 'credential', attributes: { credential_type: 'A', subject: { claims: { n: 1 } } } },
        { type: 'credential', attributes: { credential_type: 'B', subject: { claims: {} } }, relationships: { screening: ref('screening', matched) } },
      ] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'screening_has_match', source: { pointer: '/data/1/relationships/screening/data/id' } });
    const after = await ctx.tdb.db.selectFrom('credentials').select(ctx.tdb.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const tooMany = await ctx.api.request('POST', '/v1/credentials/batch-issue', {
      key: ctx.keys.production, body: { data: Array.from({ length: 101 }, () => ({ type: 'credential', attributes: { credential_type: 'A', subject: { claims: { n: 1 } } } })) },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0].source.pointer).toBe('/data');
  });
});

describe('rate limits', () => {
  it('batch-issue is limited to 10 per minute with a burst of 10, apart from the default tier', async () => {
    const body = { data: [{ type: 'credential', attributes: { credential_type: 'RateCredential', subject: { claims: {} } } }] }; // 422: no issuance needed to count
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await ctx.api.request('POST', '/v1/credentials/batch-issue', { key: ctx.keys.staging, body });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
    expect(last!.body).toEqual({ error: 'rate_limited', message: expect.any(String) });
    expect(last!.headers.get('x-ratelimit-limit')).toBe('10');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const single = await ctx.api.request('POST', '/v1/credentials', { key: ctx.keys.staging, body: credentialBody({ credential_type: 'RateCredential', subject: { claims: { ok: 1 } } }) });
    expect(single.status).toBe(201);
  });

  it('the public verify endpoint has its own limit per client, answered in the issuer shape', async () => {
    const body = { data: { attributes: { credential: 'x' } } };
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await ctx.api.request('POST', '/v1/credentials/_public/verify', { body });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(last!.body).toEqual({ error: { code: 'rate_limited', message: expect.any(String), details: expect.any(Array), request_id: expect.any(String) } });
    expect(last!.headers.get('retry-after')).toBeTruthy();
    // Keyed verification is not counted against the public limit.
    const keyed = await ctx.api.request('POST', '/v1/credentials/verify', { key: ctx.keys.production, body });
    expect(keyed.status).toBe(400);
  });
});
