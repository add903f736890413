/**
 * The pure parts of the issuer: did:web names and paths, the status list encoding (decoded with
 * the reference status-list library, not ours), the reading of tokens, the validity period and the
 * claims a record supports.
 */
import { createList, decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { CompactSign, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { businessClaims, disallowedClaimNames, screeningClaims, sessionClaims } from '../../activities/credentials/credential-claims.model.js';
import { readCredentialToken, revocationEntry, validityPeriodCheck } from '../../activities/credentials/credential-verification.model.js';
import { issuerIdentity, statusListSequenceOf } from '../../activities/credentials/issuer-identity.model.js';
import { encodeStatusList, randomCandidateIndexes, STATUS_LIST_LENGTH } from '../../activities/credentials/status-list.model.js';

describe('issuer identity', () => {
  it('derives did:web from the public origin, percent-encoding the port, and a distinct staging DID', () => {
    const prod = issuerIdentity('http://127.0.0.1:3000', 'production');
    const staging = issuerIdentity('http://127.0.0.1:3000', 'staging');
    expect(prod.did).toBe('did:web:127.0.0.1%3A3000');
    expect(staging.did).toBe('did:web:127.0.0.1%3A3000:staging');
    expect(prod.didDocumentPath).toBe('/.well-known/did.json');
    // did:web resolves did:web:<host>:staging to https://<host>/staging/did.json.
    expect(staging.didDocumentPath).toBe('/staging/did.json');
    expect(issuerIdentity('https://Verify.Example.com/', 'production').did).toBe('did:web:verify.example.com');
    expect(prod.statusListUrl(2)).toBe('http://127.0.0.1:3000/.well-known/status-lists/v2');
    expect(staging.statusListUrl(1)).toBe('http://127.0.0.1:3000/staging/status-lists/v1');
  });

  it('recognises only its own status list URLs', () => {
    const prod = issuerIdentity('https://verify.example.com', 'production');
    expect(statusListSequenceOf(prod, 'https://verify.example.com/.well-known/status-lists/v12')).toBe(12);
    expect(statusListSequenceOf(prod, 'https://verify.example.com/staging/status-lists/v1')).toBeUndefined();
    expect(statusListSequenceOf(prod, 'https://evil.example.com/.well-known/status-lists/v1')).toBeUndefined();
    expect(statusListSequenceOf(prod, 'https://verify.example.com/.well-known/status-lists/v0')).toBeUndefined();
    expect(statusListSequenceOf(prod, 'https://verify.example.com/.well-known/status-lists/v1x')).toBeUndefined();
  });
});

describe('status list encoding', () => {
  it('is read by the reference library: index 0 is the most significant bit of the first byte', async () => {
    const bits = new Uint8Array(STATUS_LIST_LENGTH / 8);
    bits[0] = 0b1000_0000; // index 0
    bits[1] = 0b0000_0001; // index 15
    bits[bits.length - 1] = 0b0000_0001; // the last index
    const encoded = await encodeStatusList(bits);
    expect(encoded.startsWith('u')).toBe(true); // multibase base64url
    const list = await decodeList({ encodedList: encoded });
    expect(list.length).toBe(131_072);
    expect([0, 1, 14, 15, 16, 131_070, 131_071].map((i) => list.getStatus(i))).toEqual([true, false, false, true, false, false, true]);
  });

  it('encodes what the reference library encodes', async () => {
    const reference = await createList({ length: STATUS_LIST_LENGTH });
    for (const i of [3, 4096, 99_999]) reference.setStatus(i, true);
    const bits = new Uint8Array(STATUS_LIST_LENGTH / 8);
    for (const i of [3, 4096, 99_999]) bits[i >> 3]! |= 0x80 >> (i & 7);
    const ours = await decodeList({ encodedList: await encodeStatusList(bits) });
    const theirs = await decodeList({ encodedList: await reference.encode() });
    for (const i of [0, 3, 4, 4095, 4096, 99_999, 100_000]) expect(ours.getStatus(i)).toBe(theirs.getStatus(i));
  });

  it('picks distinct random candidates, avoiding those already tried', () => {
    const avoid = new Set([1, 2, 3]);
    const picked = randomCandidateIndexes(5, 10, avoid);
    expect(new Set(picked).size).toBe(5);
    for (const i of picked) expect(avoid.has(i) || i < 0 || i >= 10).toBe(false);
    expect(randomCandidateIndexes(20, 10, avoid)).toHaveLength(7);
  });
});

async function jws(payload: unknown, header: Record<string, unknown> = { alg: 'ES256' }) {
  const { privateKey } = await generateKeyPair('ES256');
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader(header as { alg: string }).sign(privateKey);
}

describe('reading a token', () => {
  it('tells malformed input from a JWS that is not a credential', async () => {
    expect(readCredentialToken('hello')).toMatchObject({ ok: false, code: 'malformed_credential' });
    expect(readCredentialToken('a.b.c')).toMatchObject({ ok: false, code: 'malformed_credential' });
    expect(readCredentialToken(await jws({ sub: 'x', iat: 1 }))).toMatchObject({ ok: false, code: 'not_a_credential' });
    const vc = await jws({ '@context': ['https://www.w3.org/ns/credentials/v2'], type: ['VerifiableCredential', 'X'], credentialSubject: {} });
    expect(readCredentialToken(vc)).toMatchObject({ ok: true });
  });

  it('refuses a token re-spelled through the unused bits of a segment\'s last character (same bytes, another string)', async () => {
    const vc = await jws({ '@context': ['https://www.w3.org/ns/credentials/v2'], type: ['VerifiableCredential', 'X'], credentialSubject: {} });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // An ES256 signature is 64 bytes: 86 characters, the last carrying 4 unused bits.
    const last = vc.at(-1)!;
    const respelled = vc.slice(0, -1) + alphabet[alphabet.indexOf(last) ^ 1];
    expect(Buffer.from(respelled.split('.')[2]!, 'base64url')).toEqual(Buffer.from(vc.split('.')[2]!, 'base64url'));
    expect(readCredentialToken(respelled)).toMatchObject({ ok: false, code: 'malformed_credential', detail: expect.stringContaining('canonical') });
    expect(readCredentialToken(vc)).toMatchObject({ ok: true });
  });
});

describe('validity period', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it.each([
    [{ validFrom: '2026-06-01T11:00:00Z' }, true],
    [{ validFrom: '2026-06-01T13:00:00Z' }, false],
    [{ validFrom: '2026-06-01T11:00:00Z', validUntil: '2026-06-01T12:00:00Z' }, false],
    [{ validFrom: '2026-06-01T11:00:00Z', validUntil: '2026-06-02T00:00:00Z' }, true],
    [{ validFrom: '2026-06-01T11:00:00Z', exp: Date.parse('2026-06-01T11:30:00Z') / 1000 }, false],
    [{ nbf: Date.parse('2026-06-01T12:30:00Z') / 1000 }, false],
    [{ validFrom: 'yesterday' }, false],
  ])('%j → %s', (payload, passed) => {
    expect(validityPeriodCheck(payload, now).passed).toBe(passed);
  });
});

describe('status entry', () => {
  const prod = issuerIdentity('https://verify.example.com', 'production');
  const entry = (over: Record<string, unknown>) => ({
    credentialStatus: { type: 'BitstringStatusListEntry', statusPurpose: 'revocation', statusListIndex: '42', statusListCredential: prod.statusListUrl(1), ...over },
  });
  it('accepts only a revocation entry of the expected issuer with an integer-string index', () => {
    expect(revocationEntry(entry({}), prod)).toEqual({ ok: true, sequence: 1, index: 42 });
    expect(revocationEntry(entry({ statusListIndex: 42 }), prod).ok).toBe(false);
    expect(revocationEntry(entry({ statusListIndex: '-1' }), prod).ok).toBe(false);
    expect(revocationEntry(entry({ statusPurpose: 'suspension' }), prod).ok).toBe(false);
    expect(revocationEntry(entry({ statusListCredential: 'https://verify.example.com/staging/status-lists/v1' }), prod).ok).toBe(false);
    expect(revocationEntry({}, prod).ok).toBe(false);
  });
});

describe('claims the records support', () => {
  const at = new Date('2026-06-01T12:00:00Z');
  const session = { id: 's1', status: 'approved', redacted_at: null, decisioned_at: at, account_id: 'a1' } as never;
  const document = {
    id: 'd1', extracted: { document_type: 'passport', issuing_country: 'UTO', nationality: 'UTO', expiry_date: '2030-01-01', name: { first: 'Anna', middle: 'Maria', last: 'Eriksson' }, birth_date: '1974-08-12' },
  } as never;

  it('states an identity verification only for an approved session with a processed document', () => {
    const ok = sessionClaims(session, [document]);
    expect(ok).toMatchObject({ ok: true, claims: { identity_verification: { session_id: 's1', document_type: 'passport', given_name: 'Anna Maria', family_name: 'Eriksson', birth_date: '1974-08-12' } } });
    expect(sessionClaims({ ...(session as object), status: 'completed' } as never, [document])).toMatchObject({ ok: false, code: 'session_not_approved' });
    expect(sessionClaims(session, [])).toMatchObject({ ok: false, code: 'identity_document_not_processed' });
    expect(sessionClaims(undefined, [])).toMatchObject({ ok: false, code: 'session_not_found' });
  });

  it('states a registration only for a completed lookup with is_registered true', () => {
    const business = { id: 'b1', async_status: 'completed', country: 'GB', record: { is_registered: true, official_name: 'ACME LTD', identifiers: [] }, completed_at: at };
    expect(businessClaims(business as never)).toMatchObject({ ok: true, claims: { business_registration: { is_registered: true, official_name: 'ACME LTD' } } });
    expect(businessClaims({ ...business, record: { is_registered: false } } as never)).toMatchObject({ ok: false, code: 'business_not_registered' });
    expect(businessClaims({ ...business, async_status: 'not_found' } as never)).toMatchObject({ ok: false, code: 'business_lookup_not_completed' });
  });

  it('states a clear screening only for a completed screening without a match', () => {
    const screening = { id: 'x1', type: 'screening/watchlist', status: 'completed', has_match: false, completed_at: at };
    expect(screeningClaims(screening as never)).toMatchObject({ ok: true });
    expect(screeningClaims({ ...screening, has_match: true } as never)).toMatchObject({ ok: false, code: 'screening_has_match' });
    expect(screeningClaims({ ...screening, status: 'failed', has_match: null } as never)).toMatchObject({ ok: false, code: 'screening_not_completed' });
  });

  it('refuses caller claims under the service’s names, id and JSON-LD keywords', () => {
    expect(disallowedClaimNames({ identity_verification: {}, id: 'x', '@type': 'y', name: 'ok' }).map((d) => d.name)).toEqual(['identity_verification', 'id', '@type']);
  });
});
