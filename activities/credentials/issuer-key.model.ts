/**
 * Issuer key material: a fresh P-256 pair (ES256), its RFC 7638 thumbprint as the key id, the
 * private JWK serialised for sealing at rest, and the signing key imported back. Uses jose (Web
 * Crypto underneath); no I/O.
 */
import { randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { IssuerPublicJwk } from '../../infra/db/tables/issuer-keys.table.js';

export const ISSUER_KEY_ALG = 'ES256';

export interface GeneratedIssuerKey {
  id: string;
  kid: string;
  publicJwk: IssuerPublicJwk;
  /** The private JWK as JSON: seal it before storing. */
  privateJwkJson: string;
}

/** The SecretBox context a key's private half is sealed under (bound to the row id). */
export const issuerKeySealContext = (id: string) => `issuer_key:${id}`;

export async function generateIssuerKey(): Promise<GeneratedIssuerKey> {
  const { publicKey, privateKey } = await generateKeyPair(ISSUER_KEY_ALG, { extractable: true });
  const pub = await exportJWK(publicKey);
  const priv = await exportJWK(privateKey);
  const publicJwk: IssuerPublicJwk = { kty: 'EC', crv: 'P-256', x: pub.x!, y: pub.y! };
  return { id: randomUUID(), kid: await calculateJwkThumbprint(publicJwk), publicJwk, privateJwkJson: JSON.stringify(priv) };
}

export async function importSigningKey(privateJwkJson: string): Promise<CryptoKey> {
  return (await importJWK(JSON.parse(privateJwkJson) as JWK, ISSUER_KEY_ALG)) as CryptoKey;
}

export async function importVerificationKey(publicJwk: IssuerPublicJwk): Promise<CryptoKey> {
  return (await importJWK({ ...publicJwk }, ISSUER_KEY_ALG)) as CryptoKey;
}
