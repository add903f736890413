/**
 * Issuing credentials end to end (API → workflow → signed JWS) and verifying them the way an
 * outside relying party would, with libraries independent of the service: jose against the
 * published JWKS, did-jwt-vc with a did:web resolver that follows the DID to the served DID
 * document, and the revocation bit read from the served status list with the reference
 * Bitstring Status List library.
 */
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { verifyCredential } from 'did-jwt-vc';
import { compactVerify, createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialDocument, credentialListDocument, didDocumentSchema, jwksSchema, verificationDocument } from '../../api/credentials/credential.schemas.js';
import { pollUntil } from '../support/poll.js';
import { insertBusiness, insertScreening, insertSession } from './support/credential-records.js';
import { credentialBody, PUBLIC_BASE_URL, startCredentialsContext, type CredentialsTestContext } from './support/credentials-test-context.js';

let ctx: CredentialsTestContext;

beforeAll(async () => {
  ctx = await startCredentialsContext();
});
afterAll(async () => {
  await ctx?.close();
});

const PROD_DID = 'did:web:issuer.clearwatch.test';

async function issue(key: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await ctx.api.request('POST', '/v1/credentials', { key, body, headers });
  expect(res.status, res.text).toBe(201);
  expect(credentialDocument.safeParse(res.body).success, JSON.stringify(credentialDocument.safeParse(res.body).error?.issues)).toBe(true);
  return res;
}

async function publishedJwks(path = '/.well-known/jwks.json'): Promise<JSONWebKeySet> {
  const res = await ctx.publicFetch(`${PUBLIC_BASE_URL}${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as JSONWebKeySet;
}

/** The revocation bit of a credential, read from the status list its credentialStatus names. */
async function publishedRevocationBit(jws: string): Promise<boolean> {
  const status = (decodeJwt(jws) as { credentialStatus: { statusListCredential: string; statusListIndex: string } }).credentialStatus;
  const res = await ctx.publicFetch(status.statusListCredential);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/vc+jwt');
  const listJws = await res.text();
  // The list itself is signed by the issuer: check it against the published keys first.
  const issuerPath = status.statusListCredential.includes('/staging/') ? '/staging/jwks.json' : '/.well-known/jwks.json';
  const { payload } = await jwtVerify(listJws, createLocalJWKSet(await publishedJwks(issuerPath)));
  const subject = (payload as { credentialSubject: { type: string; statusPurpose: string; encodedList: string } }).credentialSubject;
  expect(subject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation' });
  const list = await decodeList({ encodedList: subject.encodedList });
  expect(list.length).toBeGreaterThanOrEqual(131_072);
  return list.getStatus(Number(status.statusListIndex));
}

describe('public issuer endpoints (no key)', () => {
  it('serves the DID document in the spec shape with Cache-Control max-age=3600, and the same keys as JWKS', async () => {
    const res = await ctx.api.request('GET', '/.well-known/did.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('max-age=3600');
    expect(didDocumentSchema.parse(res.body)).toBeTruthy();
    expect(res.body.id).toBe(PROD_DID);
    const method = res.body.verificationMethod[0];
    expect(method).toMatchObject({ type: 'JsonWebKey2020', controller: PROD_DID, publicKeyJwk: { kty: 'EC', crv: 'P-256', alg: 'ES256' } });
    expect(method.id).toBe(method.publicKeyJwk.kid);
    expect(res.body.assertionMethod).toEqual([method.id]);
    expect(res.body.authentication).toEqual([method.id]);
    const jwks = await ctx.api.request('GET', '/.well-known/jwks.json');
    expect(jwksSchema.parse(jwks.body).keys).toEqual(res.body.verificationMethod.map((m: { publicKeyJwk: unknown }) => m.publicKeyJwk));
  });

  it('serves the staging issuer under its own DID, with other keys', async () => {
    const prod = await ctx.api.request('GET', '/.well-known/did.json');
    const staging = await ctx.api.request('GET', '/staging/did.json');
    expect(staging.body.id).toBe(`${PROD_DID}:staging`);
    const prodKeys = prod.body.verificationMethod.map((m: { publicKeyJwk: { x: string } }) => m.publicKeyJwk.x);
    for (const m of staging.body.verificationMethod) expect(prodKeys).not.toContain(m.publicKeyJwk.x);
  });

  it('answers an unknown status list with 404 in the issuer error shape', async () => {
    const res = await ctx.api.request('GET', '/.well-known/status-lists/v99');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'status_list_not_found', message: expect.any(String), details: expect.any(Array), request_id: expect.any(String) } });
  });
});

describe('issuing', () => {
  it('issues a VC 2.0 vc+jwt that jose verifies against the published JWKS', async () => {
    const res = await issue(ctx.keys.production, credentialBody({
      credential_type: 'MembershipCredential', subject: { id: 'did:example:holder-1', claims: { member_of: 'Example Club', level: 3 } },
    }));
    const attrs = res.body.data.attributes;
    expect(attrs).toMatchObject({ credential_type: 'MembershipCredential', status: 'issued', format: 'vc+jwt', issuer: PROD_DID, subject_id: 'did:example:holder-1', revoked_at: null });
    expect(attrs.status_list_credential).toBe(`${PUBLIC_BASE_URL}/.well-known/status-lists/v1`);
    expect(res.headers.get('location')).toBe(`/v1/credentials/${res.body.data.id}`);

    const header = decodeProtectedHeader(attrs.credential);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'vc+jwt' });
    const { payload } = await jwtVerify(attrs.credential, createLocalJWKSet(await publishedJwks()), { issuer: PROD_DID, typ: 'vc+jwt' });
    expect(payload).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: `urn:uuid:${res.body.data.id}`,
      type: ['VerifiableCredential', 'MembershipCredential'],
      issuer: PROD_DID,
      credentialSubject: { id: 'did:example:holder-1', member_of: 'Example Club', level: 3 },
      credentialStatus: {
        type: 'BitstringStatusListEntry', statusPurpose: 'revocation',
        statusListIndex: String(attrs.status_list_index), statusListCredential: `${PUBLIC_BASE_URL}/.well-known/status-lists/v1`,
      },
    });
    expect(await publishedRevocationBit(attrs.credential)).toBe(false);
  });

  it('issues a credential did-jwt-vc verifies by resolving the issuer did:web', async () => {
    const res = await issue(ctx.keys.production, credentialBody({ credential_type: 'AgeOver18', subject: { claims: { age_over: 18 } } }));
    // format: false — did-jwt-vc's data-model check knows VC 1.1 contexts only; the JWS, DID and dates are what is checked here.
    const verified = await verifyCredential(res.body.data.attributes.credential, ctx.didResolver, { policies: { format: false }, proofPurpose: 'assertionMethod' });
    expect(verified.issuer).toBe(PROD_DID);
    expect(verified.signer.id).toBe(decodeProtectedHeader(res.body.data.attributes.credential).kid);
    expect(verified.verifiableCredential.credentialSubject).toMatchObject({ age_over: 18 });
  });

  it('a staging credential names the staging DID and resolves to the staging keys only', async () => {
    const res = await issue(ctx.keys.staging, credentialBody({ credential_type: 'TestCredential', subject: { claims: { ok: true } } }));
    const jws = res.body.data.attributes.credential;
    expect(res.body.data.attributes.issuer).toBe(`${PROD_DID}:staging`);
    await expect(jwtVerify(jws, createLocalJWKSet(await publishedJwks()))).rejects.toThrow(); // not a production key
    await expect(jwtVerify(jws, createLocalJWKSet(await publishedJwks('/staging/jwks.json')), { issuer: PROD_DID })).rejects.toThrow(); // not the production issuer
    const verified = await verifyCredential(jws, ctx.didResolver, { policies: { format: false } });
    expect(verified.issuer).toBe(`${PROD_DID}:staging`);
    expect(await publishedRevocationBit(jws)).toBe(false);
  });

  it('states what the service established: an approved session with a processed document, a registered business, a clear screening', async () => {
    const sessionId = await insertSession(ctx.tdb.db, 'production', { status: 'approved', processedDocument: true });
    const businessId = await insertBusiness(ctx.tdb.db, 'production', sessionId, { asyncStatus: 'completed', isRegistered: true });
    const screeningId = await insertScreening(ctx.tdb.db, 'production', { status: 'completed', hasMatch: false });
    const res = await issue(ctx.keys.production, credentialBody(
      { credential_type: 'KybCredential', subject: { id: 'did:example:acme', claims: {} } },
      { session: { data: { type: 'session', id: sessionId } }, business: { data: { type: 'business', id: businessId } }, screening: { data: { type: 'screening/watchlist', id: screeningId } } },
    ));
    expect(res.body.data.relationships).toEqual({
      session: { data: { type: 'session', id: sessionId } }, business: { data: { type: 'business', id: businessId } }, screening: { data: { type: 'screening', id: screeningId } },
    });
    const { payload } = await jwtVerify(res.body.data.attributes.credential, createLocalJWKSet(await publishedJwks()));
    expect(payload.credentialSubject).toMatchObject({
      identity_verification: { session_id: sessionId, document_type: 'passport', issuing_country: 'UTO', given_name: 'Anna Maria', family_name: 'Eriksson', birth_date: '1974-08-12' },
      business_registration: { business_id: businessId, is_registered: true, country: 'GB', official_name: 'MARINE AND GENERAL MUTUAL LIFE ASSURANCE SOCIETY' },
      screening: { screening_id: screeningId, has_match: false },
    });
  });

  it('replays an Idempotency-Key: the same answer, one credential', async () => {
    const body = credentialBody({ credential_type: 'ReplayCredential', subject: { claims: { n: 1 } } });
    const first = await issue(ctx.keys.production, body, { 'Idempotency-Key': 'issue-replay-1' });
    const again = await ctx.api.request('POST', '/v1/credentials', { key: ctx.keys.production, body, headers: { 'Idempotency-Key': 'issue-replay-1' } });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const rows = await ctx.tdb.db.selectFrom('credentials').select('id').where('credential_type', '=', 'ReplayCredential').execute();
    expect(rows).toHaveLength(1);
  });

  it('gives each credential its own random index, and records pending then issued events', async () => {
    const res = await ctx.api.request('POST', '/v1/credentials/batch-issue', {
      key: ctx.keys.production,
      body: { data: Array.from({ length: 20 }, (_, i) => ({ type: 'credential', attributes: { credential_type: 'BatchCredential', subject: { claims: { i } } } })) },
    });
    expect(res.status, res.text).toBe(201);
    const items = res.body.data as { id: string; attributes: { status: string; status_list_index: number; credential: string } }[];
    expect(items.map((c) => c.attributes.status)).toEqual(Array(20).fill('issued'));
    expect(items.map((c) => (decodeJwt(c.attributes.credential).credentialSubject as { i: number }).i)).toEqual([...Array(20).keys()]);
    const indexes = items.map((c) => c.attributes.status_list_index);
    expect(new Set(indexes).size).toBe(20);
    // Random among 131,072: 20 indexes in a row would be a sequential allocator.
    const sorted = [...indexes].sort((a, b) => a - b);
    expect(sorted[19]! - sorted[0]!).toBeGreaterThan(19);
    const events = await ctx.tdb.db.selectFrom('events').select(['type', 'resource_id']).where('resource_id', 'in', items.map((c) => c.id)).execute();
    expect(events.filter((e) => e.type === 'credential.pending')).toHaveLength(20);
    expect(events.filter((e) => e.type === 'credential.issued')).toHaveLength(20);
  });

  it('lists and reads credentials of the caller’s environment only', async () => {
    const res = await issue(ctx.keys.staging, credentialBody({ credential_type: 'ListedCredential', subject: { id: 'urn:uuid:8a3c0f4e-0000-4000-8000-000000000001', claims: { a: 1 } } }));
    const list = await ctx.api.request('GET', '/v1/credentials?filter[credential_type]=ListedCredential&page[include_total]=true', { key: ctx.keys.staging });
    expect(list.status).toBe(200);
    expect(credentialListDocument.parse(list.body).data.map((c) => c.id)).toEqual([res.body.data.id]);
    expect(list.body.meta.page.total).toBe(1);
    const bySubject = await ctx.api.request('GET', '/v1/credentials?filter[subject_id]=urn:uuid:8a3c0f4e-0000-4000-8000-000000000001', { key: ctx.keys.staging });
    expect(bySubject.body.data).toHaveLength(1);
    expect((await ctx.api.request('GET', `/v1/credentials/${res.body.data.id}`, { key: ctx.keys.staging })).status).toBe(200);
    expect((await ctx.api.request('GET', `/v1/credentials/${res.body.data.id}`, { key: ctx.keys.production })).status).toBe(404);
    const prodList = await ctx.api.request('GET', '/v1/credentials?filter[credential_type]=ListedCredential', { key: ctx.keys.production });
    expect(prodList.body.data).toEqual([]);
  });
});

describe('verifying through the API', () => {
  it('verifies an issued credential with the key’s environment and publicly, every check passing', async () => {
    const res = await issue(ctx.keys.production, credentialBody({ credential_type: 'VerifiedCredential', subject: { id: 'did:example:v', claims: { tier: 'gold' } } }));
    const body = { data: { attributes: { credential: res.body.data.attributes.credential } } };
    for (const result of [
      await ctx.api.request('POST', '/v1/credentials/verify', { key: ctx.keys.production, body }),
      await ctx.api.request('POST', '/v1/credentials/_public/verify', { body }),
    ]) {
      expect(result.status, result.text).toBe(200);
      expect(verificationDocument.parse(result.body).data.attributes).toMatchObject({
        verified: true, credential_type: 'VerifiedCredential', issuer: PROD_DID, subject_id: 'did:example:v', claims: { tier: 'gold' },
      });
      expect(result.body.data.attributes.checks.map((c: { check: string; passed: boolean }) => [c.check, c.passed])).toEqual([
        ['signature', true], ['known_issuer', true], ['key_not_retired', true], ['validity_period', true], ['status', true],
      ]);
    }
  });

  it('revokes (idempotently): the API says revoked, and the published list has the bit set', async () => {
    const res = await issue(ctx.keys.production, credentialBody({ credential_type: 'RevokedCredential', subject: { claims: { x: 1 } } }));
    const { id, attributes } = res.body.data;
    const revoke = await ctx.api.request('POST', `/v1/credentials/${id}/revoke`, { key: ctx.keys.production, body: { data: { attributes: { reason: 'holder left' } } } });
    expect(revoke.status, revoke.text).toBe(200);
    expect(revoke.body.data.attributes).toMatchObject({ status: 'revoked', revocation_reason: 'holder left' });
    const again = await ctx.api.request('POST', `/v1/credentials/${id}/revoke`, { key: ctx.keys.production });
    expect(again.status).toBe(200);
    expect(again.body.data.attributes.revoked_at).toBe(revoke.body.data.attributes.revoked_at);
    expect(await publishedRevocationBit(attributes.credential)).toBe(true);
    const verify = await ctx.api.request('POST', '/v1/credentials/_public/verify', { body: { data: { attributes: { credential: attributes.credential } } } });
    expect(verify.body.data.attributes.verified).toBe(false);
    expect(verify.body.data.attributes.checks.find((c: { check: string }) => c.check === 'status')).toMatchObject({ passed: false, detail: expect.stringContaining('Revoked') });
    const events = await ctx.tdb.db.selectFrom('events').select('type').where('resource_id', '=', id).where('type', '=', 'credential.revoked').execute();
    expect(events).toHaveLength(1);
  });

  it('deletes: revoked first, token and claims removed, ids and status kept', async () => {
    const res = await issue(ctx.keys.production, credentialBody({ credential_type: 'DeletedCredential', subject: { claims: { secret: 'x' } } }));
    const { id, attributes } = res.body.data;
    expect((await ctx.api.request('DELETE', `/v1/credentials/${id}`, { key: ctx.keys.production })).status).toBe(204);
    expect((await ctx.api.request('DELETE', `/v1/credentials/${id}`, { key: ctx.keys.production })).status).toBe(204);
    const after = await ctx.api.request('GET', `/v1/credentials/${id}`, { key: ctx.keys.production });
    expect(after.body.data.attributes).toMatchObject({ status: 'revoked', credential: null, revocation_reason: 'deleted', status_list_index: attributes.status_list_index });
    expect(after.body.data.attributes.deleted_at).not.toBeNull();
    const row = await ctx.tdb.db.selectFrom('credentials').select(['claims', 'jws']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ claims: null, jws: null });
    expect(await publishedRevocationBit(attributes.credential)).toBe(true);
    const events = await ctx.tdb.db.selectFrom('events').select('type').where('resource_id', '=', id).where('category', '=', 'change').orderBy('sequence').execute();
    expect(events.map((e) => e.type)).toEqual(['credential.pending', 'credential.issued', 'credential.deleted']);
    // The requests themselves are in the audit log (written just after each response).
    const audited = await pollUntil(async () => {
      const rows = await ctx.tdb.db.selectFrom('events').select('type').where('resource_id', '=', id).where('category', '=', 'audit').execute();
      const types = rows.map((e) => e.type);
      return ['credential.create', 'credential.delete', 'credential.read'].every((t) => types.includes(t)) ? types : undefined;
    }, 10_000);
    expect(audited).toContain('credential.delete');
  });

  it('the signature of a published status list holds under jose compactVerify with the DID document key', async () => {
    const res = await ctx.publicFetch(`${PUBLIC_BASE_URL}/.well-known/status-lists/v1`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const jws = await res.text();
    const { kid } = decodeProtectedHeader(jws);
    const did = await ctx.didResolver.resolve(PROD_DID);
    const method = did.didDocument!.verificationMethod!.find((m) => m.id === kid)!;
    const { importJWK } = await import('jose');
    await expect(compactVerify(jws, await importJWK(method.publicKeyJwk as never, 'ES256'))).resolves.toBeTruthy();
  });
});
