/**
 * Credentials that must not verify, each refused by the service's verifier with the failing
 * check named, and by independent verifiers (jose against the published JWKS, did-jwt-vc over
 * did:web): a forged payload, another key, an unknown key, expired, not yet valid, another
 * environment's credential; input that is not a credential at all (issuer error shape); and key
 * rotation, which keeps old credentials verifying until their key is retired.
 */
import { verifyCredential } from 'did-jwt-vc';
import { CompactSign, createLocalJWKSet, decodeJwt, decodeProtectedHeader, generateKeyPair, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retireIssuerKey, rotateIssuerKey } from '../../activities/credentials/issuer-keys.transitions.js';
import { cliActor } from '../../activities/events/actor.model.js';
import { verificationDocument } from '../../api/credentials/credential.schemas.js';
import { testSecrets } from '../support/test-config.js';
import type { TestServer } from '../support/test-server.js';
import { credentialBody, PUBLIC_BASE_URL, startCredentialsContext, type CredentialsTestContext } from './support/credentials-test-context.js';

let ctx: CredentialsTestContext;
const PROD_DID = 'did:web:issuer.clearwatch.test';
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await startCredentialsContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function issue(key: string, attributes: Record<string, unknown>): Promise<{ id: string; jws: string }> {
  const res = await ctx.api.request('POST', '/v1/credentials', { key, body: credentialBody(attributes) });
  expect(res.status, res.text).toBe(201);
  expect(res.body.data.attributes.status).toBe('issued');
  return { id: res.body.data.id, jws: res.body.data.attributes.credential };
}

const simple = (claims: Record<string, unknown> = { ok: true }) => ({ credential_type: 'TestCredential', subject: { id: 'did:example:s', claims } });

async function verify(jws: string, options: { key?: string; server?: TestServer } = {}) {
  const server = options.server ?? ctx.api;
  const res = options.key
    ? await server.request('POST', '/v1/credentials/verify', { key: options.key, body: { data: { attributes: { credential: jws } } } })
    : await server.request('POST', '/v1/credentials/_public/verify', { body: { data: { attributes: { credential: jws } } } });
  expect(res.status, res.text).toBe(200);
  const attrs = verificationDocument.parse(res.body).data.attributes;
  return { ...attrs, failed: attrs.checks.filter((c) => !c.passed).map((c) => c.check) };
}

async function jwks(path = '/.well-known/jwks.json'): Promise<JSONWebKeySet> {
  return (await (await ctx.publicFetch(`${PUBLIC_BASE_URL}${path}`)).json()) as JSONWebKeySet;
}

const segments = (jws: string) => jws.split('.') as [string, string, string];
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('tampered and foreign credentials', () => {
  it('a forged payload fails the signature check, here and for jose and did-jwt-vc', async () => {
    const { jws } = await issue(ctx.keys.production, simple({ role: 'member' }));
    const [header, , signature] = segments(jws);
    const payload = decodeJwt(jws) as Record<string, unknown> & { credentialSubject: Record<string, unknown> };
    const forged = `${header}.${encode({ ...payload, credentialSubject: { ...payload.credentialSubject, role: 'admin' } })}.${signature}`;
    const result = await verify(forged);
    expect(result.verified).toBe(false);
    expect(result.failed).toEqual(['signature']);
    expect(result.claims).toBeNull(); // an unauthentic credential's content is not repeated back
    await expect(jwtVerify(forged, createLocalJWKSet(await jwks()))).rejects.toThrow(/signature/i);
    await expect(verifyCredential(forged, ctx.didResolver, { policies: { format: false } })).rejects.toThrow(/signature/i);
  });

  it('the same payload signed with another key under the issuer’s kid fails', async () => {
    const { jws } = await issue(ctx.keys.production, simple());
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new CompactSign(Buffer.from(segments(jws)[1], 'base64url')).setProtectedHeader(decodeProtectedHeader(jws) as { alg: string }).sign(privateKey);
    expect((await verify(forged)).failed).toEqual(['signature']);
    await expect(jwtVerify(forged, createLocalJWKSet(await jwks()))).rejects.toThrow(/signature/i);
    await expect(verifyCredential(forged, ctx.didResolver, { policies: { format: false } })).rejects.toThrow(/signature/i);
  });

  it('a key the issuer never had fails signature and key checks', async () => {
    const { jws } = await issue(ctx.keys.production, simple());
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new CompactSign(Buffer.from(segments(jws)[1], 'base64url'))
      .setProtectedHeader({ alg: 'ES256', typ: 'vc+jwt', kid: `${PROD_DID}#not-a-key-of-ours` })
      .sign(privateKey);
    const result = await verify(forged);
    expect(result.failed).toEqual(['signature', 'key_not_retired']);
    await expect(jwtVerify(forged, createLocalJWKSet(await jwks()))).rejects.toThrow();
  });

  it('a staging credential does not verify as production (public endpoint, production key), nor a production one with a staging key', async () => {
    const staging = await issue(ctx.keys.staging, simple());
    for (const result of [await verify(staging.jws), await verify(staging.jws, { key: ctx.keys.production })]) {
      expect(result.verified).toBe(false);
      expect(result.failed).toContain('known_issuer');
      expect(result.checks.find((c) => c.check === 'known_issuer')!.detail).toContain('staging issuer');
    }
    expect((await verify(staging.jws, { key: ctx.keys.staging })).verified).toBe(true);
    const production = await issue(ctx.keys.production, simple());
    const asStaging = await verify(production.jws, { key: ctx.keys.staging });
    expect(asStaging.failed).toEqual(['known_issuer', 'status']);
    await expect(jwtVerify(staging.jws, createLocalJWKSet(await jwks()))).rejects.toThrow();
  });
});

describe('validity period', () => {
  it('an expired credential fails validity_period once its validUntil has passed, here and for jose and did-jwt-vc', async () => {
    const validUntil = new Date(Date.now() + HOUR);
    const { jws } = await issue(ctx.keys.production, { ...simple(), valid_until: validUntil.toISOString() });
    expect((await verify(jws)).verified).toBe(true);
    const later = new Date(validUntil.getTime() + HOUR);
    const laterApi = await ctx.startApi({ clock: () => later });
    const result = await verify(jws, { server: laterApi });
    expect(result.failed).toEqual(['validity_period']);
    expect(result.checks.find((c) => c.check === 'validity_period')!.detail).toContain('Expired');
    await expect(jwtVerify(jws, createLocalJWKSet(await jwks()), { currentDate: later })).rejects.toThrow(/exp/);
    await expect(verifyCredential(jws, ctx.didResolver, { policies: { format: false, now: Math.floor(later.getTime() / 1000) } })).rejects.toThrow(/expired/i);
  });

  it('a credential valid from a later time fails until then', async () => {
    const validFrom = new Date(Date.now() + HOUR);
    const { jws } = await issue(ctx.keys.production, { ...simple(), valid_from: validFrom.toISOString() });
    const result = await verify(jws);
    expect(result.failed).toEqual(['validity_period']);
    expect(result.checks.find((c) => c.check === 'validity_period')!.detail).toContain('Not valid before');
    await expect(jwtVerify(jws, createLocalJWKSet(await jwks()))).rejects.toThrow(/nbf/);
    await expect(verifyCredential(jws, ctx.didResolver, { policies: { format: false } })).rejects.toThrow(/not yet valid|nbf/i);
    const laterApi = await ctx.startApi({ clock: () => new Date(validFrom.getTime() + 1000) });
    expect((await verify(jws, { server: laterApi })).verified).toBe(true);
  });

  it('refuses a valid_until in the past at issuance', async () => {
    const res = await ctx.api.request('POST', '/v1/credentials', { key: ctx.keys.production, body: credentialBody({ ...simple(), valid_until: '2020-01-01T00:00:00Z' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'valid_until_not_in_future', source: { pointer: '/data/attributes/valid_until' } });
  });
});

describe('input that is not a credential (issuer error shape on both verify endpoints)', () => {
  const cases: [string, unknown, number, string][] = [
    ['not a JWS', { data: { attributes: { credential: 'not-a-credential' } } }, 400, 'malformed_credential'],
    ['a JWS with a non-JSON payload', { data: { attributes: { credential: 'eyJhbGciOiJFUzI1NiJ9.bm90IGpzb24.c2ln' } } }, 400, 'malformed_credential'],
    ['no credential member', { data: { attributes: {} } }, 422, 'validation_error'],
    ['a credential that is an object', { data: { attributes: { credential: { type: 'VerifiableCredential' } } } }, 422, 'validation_error'],
  ];
  it.each(cases)('%s → %i %s', async (_name, body, status, code) => {
    for (const res of [
      await ctx.api.request('POST', '/v1/credentials/_public/verify', { body }),
      await ctx.api.request('POST', '/v1/credentials/verify', { key: ctx.keys.production, body }),
    ]) {
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error: { code, message: expect.any(String), details: expect.any(Array), request_id: expect.any(String) } });
      expect(res.body.error.details[0].field).toMatch(/^\/data\/attributes/);
    }
  });

  it('a signed JWT that is not a credential → 422 not_a_credential', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new CompactSign(Buffer.from(JSON.stringify({ iss: PROD_DID, sub: 'x' }))).setProtectedHeader({ alg: 'ES256' }).sign(privateKey);
    const res = await ctx.api.request('POST', '/v1/credentials/_public/verify', { body: { data: { attributes: { credential: token } } } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('not_a_credential');
  });

  it('malformed JSON → 400 in the issuer shape', async () => {
    const res = await ctx.api.request('POST', '/v1/credentials/_public/verify', { rawBody: '{"data":', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('malformed_json');
  });
});

describe('key rotation and retirement', () => {
  it('rotation keeps old credentials verifiable; retiring the old key makes them fail', async () => {
    const old = await issue(ctx.keys.production, simple({ era: 'before' }));
    const oldKid = decodeProtectedHeader(old.jws).kid!;
    const { previous, current } = await rotateIssuerKey(ctx.tdb.db, cliActor('test rotate'), testSecrets, 'production', new Date());
    expect(`${PROD_DID}#${previous!.kid}`).toBe(oldKid);

    const fresh = await issue(ctx.keys.production, simple({ era: 'after' }));
    expect(decodeProtectedHeader(fresh.jws).kid).toBe(`${PROD_DID}#${current.kid}`);
    const published = await jwks();
    expect(published.keys.map((k) => k.kid)).toEqual([`${PROD_DID}#${current.kid}`, oldKid]);
    for (const jws of [old.jws, fresh.jws]) {
      expect((await verify(jws)).verified).toBe(true);
      await expect(jwtVerify(jws, createLocalJWKSet(published))).resolves.toBeTruthy();
      await expect(verifyCredential(jws, ctx.didResolver, { policies: { format: false } })).resolves.toBeTruthy();
    }
    // The status list is now signed with the new key.
    const listJws = await (await ctx.publicFetch(`${PUBLIC_BASE_URL}/.well-known/status-lists/v1`)).text();
    expect(decodeProtectedHeader(listJws).kid).toBe(`${PROD_DID}#${current.kid}`);

    await expect(retireIssuerKey(ctx.tdb.db, cliActor('test retire'), current.kid, new Date())).rejects.toThrow(/rotate first/);
    await retireIssuerKey(ctx.tdb.db, cliActor('test retire'), previous!.kid, new Date());
    const retired = await verify(old.jws);
    expect(retired.verified).toBe(false);
    expect(retired.failed).toEqual(['key_not_retired']);
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([`${PROD_DID}#${current.kid}`]);
    await expect(jwtVerify(old.jws, createLocalJWKSet(await jwks()))).rejects.toThrow();
    await expect(verifyCredential(old.jws, ctx.didResolver, { policies: { format: false } })).rejects.toThrow();
    expect((await verify(fresh.jws)).verified).toBe(true);

    const audits = await ctx.tdb.db.selectFrom('events').select(['type', 'actor_name']).where('type', 'in', ['issuer_key.rotate', 'issuer_key.retire']).execute();
    expect(audits).toEqual(expect.arrayContaining([{ type: 'issuer_key.rotate', actor_name: 'test rotate' }, { type: 'issuer_key.retire', actor_name: 'test retire' }]));
  });
});
