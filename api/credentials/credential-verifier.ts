/**
 * Verifies a credential token for one environment's issuer: reads it (400 when it is not a
 * compact JWS, 422 when it is not a credential), looks up the signing key its header names and
 * the revocation bit its status entry names, and runs the five checks of
 * credential-verification.model.ts. A credential that fails a check is an answer, not an error.
 */
import { issuerIdentity } from '../../activities/credentials/issuer-identity.model.js';
import {
  credentialContent,
  headerKeyId,
  keyNotRetiredCheck,
  knownIssuerCheck,
  readCredentialToken,
  revocationEntry,
  signatureCheck,
  statusCheck,
  validityPeriodCheck,
  type KnownKey,
} from '../../activities/credentials/credential-verification.model.js';
import type { Executor } from '../../infra/db/executor.js';
import { statusBit } from '../../infra/db/repositories/credential-status-lists.repository.js';
import { findIssuerKeyByKid } from '../../infra/db/repositories/issuer-keys.repository.js';
import { ENVIRONMENTS, type Environment } from '../../infra/db/tables/common.js';
import { badRequest, unprocessable } from '../http/errors.js';

const TOKEN_POINTER = { pointer: '/data/attributes/credential' };

export async function verifyCredentialToken(db: Executor, publicBaseUrl: string, environment: Environment, token: string, now: Date) {
  const read = readCredentialToken(token);
  if (!read.ok) throw read.code === 'malformed_credential' ? badRequest(read.code, read.detail, TOKEN_POINTER) : unprocessable(read.code, read.detail, TOKEN_POINTER);
  const credential = read.credential;
  const expected = issuerIdentity(publicBaseUrl, environment);
  const others = ENVIRONMENTS.filter((e) => e !== environment).map((e) => issuerIdentity(publicBaseUrl, e));

  const named = headerKeyId(credential);
  const row = named ? await findIssuerKeyByKid(db, named.kid) : undefined;
  const key: KnownKey | undefined = row && {
    kid: row.kid,
    environment: row.environment,
    did: issuerIdentity(publicBaseUrl, row.environment).did,
    status: row.status,
    retiredAt: row.retired_at,
    publicJwk: row.public_jwk,
  };
  const entry = revocationEntry(credential.payload, expected);
  const revoked = entry.ok ? await statusBit(db, environment, entry.sequence, entry.index) : undefined;

  const checks = [
    await signatureCheck(credential, key),
    knownIssuerCheck(credential, expected, others),
    keyNotRetiredCheck(key),
    validityPeriodCheck(credential.payload, now),
    statusCheck(entry, revoked),
  ];
  // What the credential says is shown only when it is authentic.
  const content = checks[0]!.passed
    ? credentialContent(credential.payload)
    : { credential_id: null, credential_type: null, issuer: null, subject_id: null, claims: null, valid_from: null, valid_until: null };
  return { verified: checks.every((c) => c.passed), checks, ...content };
}
