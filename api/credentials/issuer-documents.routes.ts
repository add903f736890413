/**
 * The issuer's public key documents, per environment (no key needed):
 *   GET /.well-known/did.json, /.well-known/jwks.json   production issuer (did:web:<host>)
 *   GET /staging/did.json, /staging/jwks.json           staging issuer (did:web:<host>:staging)
 * Both list every published key (active and rotated-out, not retired), with
 * Cache-Control max-age=3600 (the spec's issuer identity document cache).
 */
import { didDocument, issuerIdentity, issuerPaths, jwks, type PublishedKey } from '../../activities/credentials/issuer-identity.model.js';
import { ensureActiveIssuerKey } from '../../activities/credentials/issuer-keys.transitions.js';
import { publishedIssuerKeys } from '../../infra/db/repositories/issuer-keys.repository.js';
import { ENVIRONMENTS, type Environment } from '../../infra/db/tables/common.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute, type RouteDefinition } from '../http/route.js';
import { didDocumentSchema, jwksSchema } from './credential.schemas.js';
import { publicBaseUrl } from './issuer-settings.js';

export const ISSUER_DOCUMENT_CACHE_CONTROL = 'public, max-age=3600';

export function issuerDocumentRoutes(deps: FeatureDeps): RouteDefinition[] {
  const publishedKeys = async (environment: Environment): Promise<PublishedKey[]> => {
    // Never an empty document: the first key is made here if neither API nor worker has made it yet.
    await ensureActiveIssuerKey(deps.db, deps.secrets, environment);
    return (await publishedIssuerKeys(deps.db, environment)).map((row) => ({ kid: row.kid, publicJwk: row.public_jwk }));
  };
  return ENVIRONMENTS.flatMap((environment) => {
    const identity = () => issuerIdentity(publicBaseUrl(deps), environment);
    const label = environment === 'production' ? 'production' : 'staging';
    const paths = issuerPaths(environment);
    return [
      defineRoute({
        method: 'get',
        path: paths.didDocumentPath,
        scope: null,
        public: true,
        errorShape: 'issuer',
        summary: `Issuer identity document (${label})`,
        description: `The did:web DID document of the ${label} issuer: JsonWebKey2020 verification methods (EC P-256, ES256). Cache-Control max-age=3600.`,
        tag: 'Issuer',
        schemas: { responses: { 200: { description: 'The DID document', schema: didDocumentSchema } } },
        async handler() {
          return { status: 200, body: didDocument(identity(), await publishedKeys(environment)), headers: { 'Cache-Control': ISSUER_DOCUMENT_CACHE_CONTROL } };
        },
      }),
      defineRoute({
        method: 'get',
        path: paths.jwksPath,
        scope: null,
        public: true,
        errorShape: 'issuer',
        summary: `Issuer signing keys (${label})`,
        description: `The ${label} issuer's published keys as a JWK Set; each kid is the key's DID URL, as in the JWS header.`,
        tag: 'Issuer',
        schemas: { responses: { 200: { description: 'The JWK Set', schema: jwksSchema } } },
        async handler() {
          return { status: 200, body: jwks(identity(), await publishedKeys(environment)), headers: { 'Cache-Control': ISSUER_DOCUMENT_CACHE_CONTROL } };
        },
      }),
    ];
  });
}
