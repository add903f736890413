/**
 * Who the issuer is, per environment, derived from the service's public origin (PUBLIC_BASE_URL):
 * its did:web, where its DID document, JWKS and status lists are published, and the documents
 * themselves. Staging and production are two issuers:
 *
 *   production  did:web:<host>           /.well-known/did.json  /.well-known/jwks.json  /.well-known/status-lists/v<n>
 *   staging     did:web:<host>:staging   /staging/did.json      /staging/jwks.json      /staging/status-lists/v<n>
 *
 * The did:web method resolves `did:web:<host>` to https://<host>/.well-known/did.json and
 * `did:web:<host>:staging` to https://<host>/staging/did.json, so a staging credential names
 * another DID, resolves to another key set and never verifies as a production one. Pure.
 */
import type { Environment } from '../../infra/db/tables/common.js';
import type { IssuerPublicJwk } from '../../infra/db/tables/issuer-keys.table.js';

export interface IssuerIdentity {
  environment: Environment;
  /** The public origin, e.g. https://verify.example.com (no trailing slash). */
  origin: string;
  did: string;
  didDocumentPath: string;
  jwksPath: string;
  /** Path of status list v<sequence>. */
  statusListPath(sequence: number): string;
  /** Absolute URL of status list v<sequence> (the credentials' statusListCredential). */
  statusListUrl(sequence: number): string;
}

/** Where each environment's issuer documents live, relative to the origin. */
const ISSUER_ROOTS: Record<Environment, string> = { production: '/.well-known', staging: '/staging' };

export interface IssuerPaths {
  didDocumentPath: string;
  jwksPath: string;
  statusListPath(sequence: number): string;
  /** The status list route template, `<root>/status-lists/{version}` (version = v<sequence>). */
  statusListRoute: string;
}

export function issuerPaths(environment: Environment): IssuerPaths {
  const root = ISSUER_ROOTS[environment];
  return {
    didDocumentPath: `${root}/did.json`,
    jwksPath: `${root}/jwks.json`,
    statusListPath: (sequence) => `${root}/status-lists/v${sequence}`,
    statusListRoute: `${root}/status-lists/{version}`,
  };
}

export function issuerIdentity(publicBaseUrl: string, environment: Environment): IssuerIdentity {
  const url = new URL(publicBaseUrl);
  const origin = url.origin;
  // did:web percent-encodes the port's colon; path segments become ':'-separated.
  const host = encodeURIComponent(url.host.toLowerCase());
  const did = environment === 'production' ? `did:web:${host}` : `did:web:${host}:staging`;
  const paths = issuerPaths(environment);
  return {
    environment,
    origin,
    did,
    didDocumentPath: paths.didDocumentPath,
    jwksPath: paths.jwksPath,
    statusListPath: paths.statusListPath,
    statusListUrl: (sequence) => `${origin}${paths.statusListPath(sequence)}`,
  };
}

/** The DID URL of a key: `<did>#<thumbprint>` (also the JWS `kid` and the JWK `kid`). */
export function verificationMethodId(did: string, kid: string): string {
  return `${did}#${kid}`;
}

/** The list sequence a statusListCredential URL names for this issuer, or undefined when it is not one of its lists. */
export function statusListSequenceOf(identity: IssuerIdentity, url: string): number | undefined {
  const prefix = identity.statusListUrl(0).replace(/0$/, '');
  if (!url.startsWith(prefix)) return undefined;
  const digits = url.slice(prefix.length);
  return /^[1-9]\d{0,8}$/.test(digits) ? Number(digits) : undefined;
}

export interface PublishedKey {
  kid: string;
  publicJwk: IssuerPublicJwk;
}

export interface PublicSigningJwk extends IssuerPublicJwk {
  alg: 'ES256';
  kid: string;
}

export function publicSigningJwk(identity: IssuerIdentity, key: PublishedKey): PublicSigningJwk {
  const { kty, crv, x, y } = key.publicJwk;
  return { kty, crv, x, y, alg: 'ES256', kid: verificationMethodId(identity.did, key.kid) };
}

/** The spec's issuer identity document: JsonWebKey2020 verification methods for every published key. */
export function didDocument(identity: IssuerIdentity, keys: readonly PublishedKey[]) {
  const methods = keys.map((key) => {
    const id = verificationMethodId(identity.did, key.kid);
    return { id, type: 'JsonWebKey2020' as const, controller: identity.did, publicKeyJwk: publicSigningJwk(identity, key) };
  });
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
    id: identity.did,
    verificationMethod: methods,
    assertionMethod: methods.map((m) => m.id),
    authentication: methods.map((m) => m.id),
  };
}

/** The same keys as a JWK Set (RFC 7517). */
export function jwks(identity: IssuerIdentity, keys: readonly PublishedKey[]) {
  return { keys: keys.map((key) => publicSigningJwk(identity, key)) };
}
