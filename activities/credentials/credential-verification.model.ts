/**
 * Verification of a credential token against one expected issuer: reading the token (a compact
 * JWS whose payload is a VC 2.0 credential, or not a credential at all), and the five checks —
 * signature, known issuer, key not retired, validity period, status — each with a reason. The
 * caller looks up the key named by the header and the status bit; the decisions are made here.
 * Pure (jose verifies the signature in memory).
 */
import { compactVerify, decodeProtectedHeader, errors as joseErrors } from 'jose';
import type { IssuerKeyStatus, IssuerPublicJwk } from '../../infra/db/tables/issuer-keys.table.js';
import type { Environment } from '../../infra/db/tables/common.js';
import { VC_CONTEXT_V2, vcDateTime } from './credential-document.model.js';
import { statusListSequenceOf, type IssuerIdentity } from './issuer-identity.model.js';
import { importVerificationKey } from './issuer-key.model.js';

export const VERIFICATION_CHECKS = ['signature', 'known_issuer', 'key_not_retired', 'validity_period', 'status'] as const;
export type VerificationCheckName = (typeof VERIFICATION_CHECKS)[number];

export interface VerificationCheck {
  check: VerificationCheckName;
  passed: boolean;
  detail: string;
}

export interface ReadCredential {
  header: { alg?: unknown; kid?: unknown; typ?: unknown };
  payload: Record<string, unknown>;
  token: string;
}

export type ReadResult = { ok: true; credential: ReadCredential } | { ok: false; code: 'malformed_credential' | 'not_a_credential'; detail: string };

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function decodeJsonSegment(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** Reads the token: malformed (not a compact JWS with JSON header and payload) or not a credential (no VC context and type). */
export function readCredentialToken(token: string): ReadResult {
  const trimmed = token.trim();
  if (!COMPACT_JWS.test(trimmed)) return { ok: false, code: 'malformed_credential', detail: 'The credential is not a compact JWS (three base64url segments separated by dots)' };
  const segments = trimmed.split('.') as [string, string, string];
  // One credential, one token string: base64url decoders ignore the unused low bits of a segment's
  // last character, so without this a token could be re-spelled (same bytes, another string) past
  // anything that recognises tokens by their text (deduplication, block lists).
  if (segments.some((segment) => Buffer.from(segment, 'base64url').toString('base64url') !== segment)) {
    return { ok: false, code: 'malformed_credential', detail: 'A segment of the JWS is not in canonical base64url (unused bits set in its last character)' };
  }
  const p = segments[1];
  let header: unknown;
  try {
    header = decodeProtectedHeader(trimmed);
  } catch {
    header = undefined;
  }
  if (!isObject(header) || typeof header.alg !== 'string') return { ok: false, code: 'malformed_credential', detail: 'The JWS header is not a JSON object with an alg' };
  const payload = decodeJsonSegment(p);
  if (!isObject(payload)) return { ok: false, code: 'malformed_credential', detail: 'The JWS payload is not a JSON object' };
  const contexts = asArray(payload['@context']);
  const types = asArray(payload.type);
  if (!contexts.includes(VC_CONTEXT_V2) || !types.includes('VerifiableCredential')) {
    return { ok: false, code: 'not_a_credential', detail: `The JWS payload is not a verifiable credential (needs @context ${VC_CONTEXT_V2} and type VerifiableCredential)` };
  }
  return { ok: true, credential: { header, payload, token: trimmed } };
}

/** The key fragment and DID the header's kid names (`<did>#<fragment>`). */
export function headerKeyId(credential: ReadCredential): { did: string; kid: string } | undefined {
  const kid = credential.header.kid;
  if (typeof kid !== 'string') return undefined;
  const hash = kid.lastIndexOf('#');
  if (hash <= 0 || hash === kid.length - 1) return undefined;
  return { did: kid.slice(0, hash), kid: kid.slice(hash + 1) };
}

export interface KnownKey {
  kid: string;
  environment: Environment;
  /** The DID of the key's environment's issuer. */
  did: string;
  status: IssuerKeyStatus;
  retiredAt: Date | null;
  publicJwk: IssuerPublicJwk;
}

export async function signatureCheck(credential: ReadCredential, key: KnownKey | undefined): Promise<VerificationCheck> {
  const fail = (detail: string): VerificationCheck => ({ check: 'signature', passed: false, detail });
  if (credential.header.alg !== 'ES256') return fail(`The JWS algorithm ${String(credential.header.alg)} is not ES256`);
  const named = headerKeyId(credential);
  if (!named) return fail('The JWS header names no key (kid must be a DID URL <did>#<key>)');
  if (!key) return fail(`Key ${named.kid} is not a signing key of this service`);
  if (named.did !== key.did) return fail(`The header names key ${named.kid} under ${named.did}, but it belongs to ${key.did}`);
  try {
    await compactVerify(credential.token, await importVerificationKey(key.publicJwk), { algorithms: ['ES256'] });
    return { check: 'signature', passed: true, detail: `Signed with key ${key.kid} (ES256)` };
  } catch (error) {
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) return fail('The signature does not match the content: the credential was altered or signed by another key');
    return fail('The signature could not be checked');
  }
}

export function issuerOf(payload: Record<string, unknown>): string | undefined {
  const issuer = payload.issuer;
  if (typeof issuer === 'string') return issuer;
  if (isObject(issuer) && typeof issuer.id === 'string') return issuer.id;
  return undefined;
}

export function knownIssuerCheck(credential: ReadCredential, expected: IssuerIdentity, otherIssuers: readonly IssuerIdentity[]): VerificationCheck {
  const issuer = issuerOf(credential.payload);
  const iss = credential.payload.iss;
  const named = headerKeyId(credential);
  if (issuer === expected.did && (iss === undefined || iss === expected.did) && named?.did === expected.did) {
    return { check: 'known_issuer', passed: true, detail: `Issued by ${expected.did} (${expected.environment})` };
  }
  const other = otherIssuers.find((o) => o.did === issuer);
  const detail = other
    ? `Issued by ${other.did}, this service's ${other.environment} issuer; only ${expected.environment} credentials (${expected.did}) verify here`
    : issuer === expected.did
      ? `The issuer ${issuer} is not the issuer named by the JWS (iss ${String(iss)}, kid ${String(credential.header.kid)})`
      : `The issuer ${issuer ?? '(none)'} is not this service's issuer ${expected.did}`;
  return { check: 'known_issuer', passed: false, detail };
}

export function keyNotRetiredCheck(key: KnownKey | undefined): VerificationCheck {
  if (!key) return { check: 'key_not_retired', passed: false, detail: 'The signing key is unknown' };
  if (key.status === 'retired') return { check: 'key_not_retired', passed: false, detail: `Key ${key.kid} was retired${key.retiredAt ? ` at ${key.retiredAt.toISOString()}` : ''}` };
  return { check: 'key_not_retired', passed: true, detail: `Key ${key.kid} is ${key.status === 'active' ? 'the active signing key' : 'published (rotated out, still valid)'}` };
}

function dateOf(value: unknown): Date | null | 'invalid' {
  if (value === undefined) return null;
  if (typeof value !== 'string') return 'invalid';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value) ? 'invalid' : d;
}

function epochOf(value: unknown): Date | null | 'invalid' {
  if (value === undefined) return null;
  return typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : 'invalid';
}

export function validityPeriodCheck(payload: Record<string, unknown>, now: Date): VerificationCheck {
  const fail = (detail: string): VerificationCheck => ({ check: 'validity_period', passed: false, detail });
  const from = dateOf(payload.validFrom);
  const until = dateOf(payload.validUntil);
  const nbf = epochOf(payload.nbf);
  const exp = epochOf(payload.exp);
  if (from === 'invalid' || until === 'invalid' || nbf === 'invalid' || exp === 'invalid') return fail('validFrom, validUntil, nbf or exp is not a valid date');
  const notBefore = [from, nbf].filter((d): d is Date => d instanceof Date).sort((a, b) => b.getTime() - a.getTime())[0];
  const notAfter = [until, exp].filter((d): d is Date => d instanceof Date).sort((a, b) => a.getTime() - b.getTime())[0];
  if (notBefore && notBefore.getTime() > now.getTime()) return fail(`Not valid before ${vcDateTime(notBefore)}`);
  if (notAfter && notAfter.getTime() <= now.getTime()) return fail(`Expired at ${vcDateTime(notAfter)}`);
  return { check: 'validity_period', passed: true, detail: notAfter ? `Valid until ${vcDateTime(notAfter)}` : 'Valid, with no end date' };
}

export type StatusEntry = { ok: true; sequence: number; index: number } | { ok: false; detail: string };

/** The revocation entry of the credential, if it points at one of the expected issuer's lists. */
export function revocationEntry(payload: Record<string, unknown>, expected: IssuerIdentity): StatusEntry {
  const entry = asArray(payload.credentialStatus).find((s) => isObject(s) && s.statusPurpose === 'revocation' && s.type === 'BitstringStatusListEntry');
  if (!isObject(entry)) return { ok: false, detail: 'The credential has no BitstringStatusListEntry with statusPurpose revocation' };
  const url = entry.statusListCredential;
  const sequence = typeof url === 'string' ? statusListSequenceOf(expected, url) : undefined;
  if (sequence === undefined) return { ok: false, detail: `The status list ${String(url)} is not one of ${expected.did}'s lists` };
  const raw = entry.statusListIndex;
  if (typeof raw !== 'string' || !/^(0|[1-9]\d{0,9})$/.test(raw)) return { ok: false, detail: 'statusListIndex is not a non-negative integer string' };
  return { ok: true, sequence, index: Number(raw) };
}

export function statusCheck(entry: StatusEntry, revoked: boolean | undefined): VerificationCheck {
  if (!entry.ok) return { check: 'status', passed: false, detail: entry.detail };
  const where = `status list v${entry.sequence}, index ${entry.index}`;
  if (revoked === undefined) return { check: 'status', passed: false, detail: `There is no ${where}` };
  return revoked ? { check: 'status', passed: false, detail: `Revoked (${where})` } : { check: 'status', passed: true, detail: `Not revoked (${where})` };
}

/** What an authentic credential says (only shown when the signature holds). */
export function credentialContent(payload: Record<string, unknown>) {
  const types = asArray(payload.type).filter((t): t is string => typeof t === 'string' && t !== 'VerifiableCredential');
  const subject = isObject(payload.credentialSubject) ? payload.credentialSubject : {};
  const { id: subjectId, ...claims } = subject;
  return {
    credential_id: typeof payload.id === 'string' ? payload.id : null,
    credential_type: types[0] ?? null,
    issuer: issuerOf(payload) ?? null,
    subject_id: typeof subjectId === 'string' ? subjectId : null,
    claims,
    valid_from: typeof payload.validFrom === 'string' ? payload.validFrom : null,
    valid_until: typeof payload.validUntil === 'string' ? payload.validUntil : null,
  };
}
