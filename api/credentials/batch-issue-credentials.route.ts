/**
 * POST /v1/credentials/batch-issue: up to 100 credentials, all checked before any is issued, then
 * issued by one workflow; 201 with each credential in request order. The batch issue rate tier
 * (10 per minute, burst 10) applies.
 */
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { issueCredentials, type IssuanceOptions } from './credential-issuance.js';
import { batchIssueBody, credentialBatchDocument } from './credential.schemas.js';
import { toCredentialResource } from './credential.serializer.js';
import { publicBaseUrl } from './issuer-settings.js';

export function batchIssueCredentialsRoute(deps: FeatureDeps, options: IssuanceOptions) {
  return defineRoute({
    method: 'post',
    path: '/v1/credentials/batch-issue',
    scope: 'credentials:write',
    rateTier: 'batch_issue',
    summary: 'Issue up to 100 credentials at once',
    description: 'Each item has the shape of POST /v1/credentials data. Every item is checked first; a refusal names the item (/data/<i>/…) and nothing is issued.',
    tag: 'Credentials',
    schemas: { body: batchIssueBody, responses: { 201: { description: 'The credentials, in request order', schema: credentialBatchDocument } } },
    async handler({ body, ctx }) {
      const rows = await issueCredentials(deps, options, ctx, body.data, (i) => `/data/${i}`);
      return { status: 201, body: { data: rows.map((row) => toCredentialResource(row, publicBaseUrl(deps))) } };
    },
  });
}
