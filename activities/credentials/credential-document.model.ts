/**
 * The documents the issuer signs, as W3C Verifiable Credentials Data Model 2.0 secured with JOSE
 * (VC-JOSE-COSE): a compact JWS, `alg` ES256, `typ` vc+jwt, `cty` vc, `kid` the DID URL of the
 * signing key; the payload is the credential itself. The JWT registered claims `iss`, `jti`,
 * `sub`, `iat`, `nbf`, `exp` mirror issuer, id, credentialSubject.id, validFrom and validUntil so
 * generic JWT verifiers enforce the validity period too. Pure (jose signs in memory).
 */
import { CompactSign, type CryptoKey } from 'jose';
import { verificationMethodId, type IssuerIdentity } from './issuer-identity.model.js';
import { STATUS_LIST_TTL_SECONDS } from './status-list.model.js';

export const VC_CONTEXT_V2 = 'https://www.w3.org/ns/credentials/v2';
export const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';

export interface SigningKey {
  kid: string;
  key: CryptoKey;
}

export interface CredentialToSign {
  id: string;
  credentialType: string;
  subjectId: string | null;
  claims: Record<string, unknown>;
  validFrom: Date;
  validUntil: Date | null;
  issuedAt: Date;
  statusListSequence: number;
  statusListIndex: number;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** ISO 8601 without milliseconds: the dateTimeStamp form VC 2.0 examples use. */
export const vcDateTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function credentialPayload(identity: IssuerIdentity, c: CredentialToSign): Record<string, unknown> {
  const listUrl = identity.statusListUrl(c.statusListSequence);
  const id = `urn:uuid:${c.id}`;
  return {
    '@context': [VC_CONTEXT_V2],
    id,
    type: ['VerifiableCredential', c.credentialType],
    issuer: identity.did,
    validFrom: vcDateTime(c.validFrom),
    ...(c.validUntil ? { validUntil: vcDateTime(c.validUntil) } : {}),
    credentialSubject: { ...(c.subjectId ? { id: c.subjectId } : {}), ...c.claims },
    credentialStatus: {
      id: `${listUrl}#${c.statusListIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(c.statusListIndex),
      statusListCredential: listUrl,
    },
    iss: identity.did,
    jti: id,
    ...(c.subjectId ? { sub: c.subjectId } : {}),
    iat: seconds(c.issuedAt),
    nbf: seconds(c.validFrom),
    ...(c.validUntil ? { exp: seconds(c.validUntil) } : {}),
  };
}

export async function signVcJwt(identity: IssuerIdentity, key: SigningKey, payload: Record<string, unknown>): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'ES256', typ: 'vc+jwt', cty: 'vc', kid: verificationMethodId(identity.did, key.kid) })
    .sign(key.key);
}

/** The BitstringStatusListCredential of list v<sequence>, valid from its last change. */
export function statusListPayload(identity: IssuerIdentity, sequence: number, encodedList: string, changedAt: Date, now: Date): Record<string, unknown> {
  const url = identity.statusListUrl(sequence);
  return {
    '@context': [VC_CONTEXT_V2],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: identity.did,
    validFrom: vcDateTime(changedAt),
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList,
      ttl: STATUS_LIST_TTL_SECONDS * 1000,
    },
    iss: identity.did,
    jti: url,
    iat: seconds(now),
    nbf: seconds(changedAt),
  };
}
