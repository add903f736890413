/** The credential routes and the issuer's public endpoints. Tests may swap the issuance waiter. */
import type { FeatureDeps } from '../feature-deps.js';
import type { RouteDefinition } from '../http/route.js';
import { batchIssueCredentialsRoute } from './batch-issue-credentials.route.js';
import { createCredentialRoute } from './create-credential.route.js';
import type { IssuanceOptions } from './credential-issuance.js';
import { deleteCredentialRoute } from './delete-credential.route.js';
import { getCredentialRoute } from './get-credential.route.js';
import { issuerDocumentRoutes } from './issuer-documents.routes.js';
import { listCredentialsRoute } from './list-credentials.route.js';
import { revokeCredentialRoute } from './revoke-credential.route.js';
import { statusListRoutes } from './status-list.route.js';
import { verifyCredentialRoutes } from './verify-credential.routes.js';

export function credentialRoutes(deps: FeatureDeps, options: IssuanceOptions = {}): RouteDefinition[] {
  return [
    createCredentialRoute(deps, options),
    batchIssueCredentialsRoute(deps, options),
    ...verifyCredentialRoutes(deps),
    listCredentialsRoute(deps),
    getCredentialRoute(deps),
    revokeCredentialRoute(deps),
    deleteCredentialRoute(deps),
    ...issuerDocumentRoutes(deps),
    ...statusListRoutes(deps),
  ];
}
