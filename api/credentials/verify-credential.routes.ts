/**
 * POST /v1/credentials/verify (credentials:verify): verifies a credential against the issuer of
 * the key's environment. POST /v1/credentials/_public/verify (no key, its own per-client rate
 * limit): verifies against the production issuer, so a staging credential never passes there.
 * Both answer 200 {verified, checks} for any credential, and use the issuer error shape for input
 * that is not a credential.
 */
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { verificationDocument, verifyCredentialBody } from './credential.schemas.js';
import { verifyCredentialToken } from './credential-verifier.js';
import { publicBaseUrl } from './issuer-settings.js';

const CHECKS_DESCRIPTION =
  'Checks: signature (ES256 with a key of this issuer), known_issuer, key_not_retired, validity_period (validFrom/validUntil, nbf/exp), status (the revocation bit). ' +
  'A credential failing a check answers 200 with verified false; a token that is not a compact JWS answers 400 malformed_credential, one that is not a credential 422 not_a_credential.';

export function verifyCredentialRoutes(deps: FeatureDeps) {
  const respond = async (environment: 'production' | 'staging', token: string) => ({
    status: 200,
    body: { data: { type: 'credential_verification' as const, attributes: await verifyCredentialToken(deps.db, publicBaseUrl(deps), environment, token, deps.clock()) } },
  });
  return [
    defineRoute({
      method: 'post',
      path: '/v1/credentials/verify',
      scope: 'credentials:verify',
      idempotent: false,
      errorShape: 'issuer',
      summary: 'Verify a credential',
      description: `Verifies against the issuer of the key's environment (a production credential does not verify with a staging key, nor the reverse). ${CHECKS_DESCRIPTION}`,
      tag: 'Credentials',
      schemas: { body: verifyCredentialBody, responses: { 200: { description: 'The verification result', schema: verificationDocument } } },
      handler: ({ body, ctx }) => respond(ctx.environment, body.data.attributes.credential),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/credentials/_public/verify',
      scope: null,
      public: true,
      rateTier: 'public_verify',
      errorShape: 'issuer',
      summary: 'Verify a credential (public)',
      description: `No API key; rate limited per client address. Verifies production credentials only. ${CHECKS_DESCRIPTION}`,
      tag: 'Issuer',
      schemas: { body: verifyCredentialBody, responses: { 200: { description: 'The verification result', schema: verificationDocument } } },
      handler: ({ body }) => respond('production', body.data.attributes.credential),
    }),
  ];
}
