/**
 * POST /v1/credentials: checks the request (claims, validity period, the records named by its
 * relationships), stores it and issues it through the issuing workflow, waiting up to 55 s;
 * 201 with the issued credential (or, past the wait, the record still pending).
 */
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { issueCredentials, type IssuanceOptions } from './credential-issuance.js';
import { createCredentialBody, credentialDocument } from './credential.schemas.js';
import { credentialPath, toCredentialResource } from './credential.serializer.js';
import { publicBaseUrl } from './issuer-settings.js';

export function createCredentialRoute(deps: FeatureDeps, options: IssuanceOptions) {
  return defineRoute({
    method: 'post',
    path: '/v1/credentials',
    scope: 'credentials:write',
    summary: 'Issue a verifiable credential',
    description:
      'Issues a W3C Verifiable Credential 2.0 as a compact JWS (ES256, vc+jwt) with a Bitstring Status List revocation entry. ' +
      'Claims come from subject.claims; a session, business or screening relationship makes the service state what it established ' +
      '(identity_verification, business_registration, screening) and is refused with 422 when the record does not support it.',
    tag: 'Credentials',
    schemas: { body: createCredentialBody, responses: { 201: { description: 'The issued credential (pending if issuing took longer than 55 s)', schema: credentialDocument } } },
    async handler({ body, ctx }) {
      const [row] = await issueCredentials(deps, options, ctx, [body.data], () => '/data');
      return { status: 201, body: { data: toCredentialResource(row!, publicBaseUrl(deps)) }, headers: { Location: credentialPath(row!.id) } };
    },
  });
}
