/** The identity family's routes: accounts, sessions, identity documents and proofs of address. */
import type { FeatureDeps } from '../feature-deps.js';
import type { RouteDefinition } from '../http/route.js';
import { createAccountRoute } from './accounts/create-account.route.js';
import { getAccountRoute } from './accounts/get-account.route.js';
import { listAccountsRoute } from './accounts/list-accounts.route.js';
import { redactAccountRoute } from './accounts/redact-account.route.js';
import { updateAccountRoute } from './accounts/update-account.route.js';
import { createAddressRoute } from './documents/create-address.route.js';
import { createIdvRoute } from './documents/create-idv.route.js';
import { getDocumentRoute, listDocumentsRoute } from './documents/document-read.routes.js';
import { submitAddressRoute } from './documents/submit-address.route.js';
import { approveSessionRoute } from './sessions/approve-session.route.js';
import { createSessionRoute } from './sessions/create-session.route.js';
import { declineSessionRoute } from './sessions/decline-session.route.js';
import { getSessionRoute } from './sessions/get-session.route.js';
import { listSessionsRoute } from './sessions/list-sessions.route.js';

/** Tests may shorten the decline's wait for its workflow. */
export function identityRoutes(deps: FeatureDeps, options: { declineWaitMs?: number } = {}): RouteDefinition[] {
  return [
    createAccountRoute(deps),
    listAccountsRoute(deps),
    getAccountRoute(deps),
    updateAccountRoute(deps),
    redactAccountRoute(deps),
    createSessionRoute(deps),
    listSessionsRoute(deps),
    getSessionRoute(deps),
    declineSessionRoute(deps, options.declineWaitMs === undefined ? {} : { waitMs: options.declineWaitMs }),
    approveSessionRoute(deps),
    createIdvRoute(deps),
    listDocumentsRoute(deps, 'idv'),
    getDocumentRoute(deps, 'idv'),
    createAddressRoute(deps),
    listDocumentsRoute(deps, 'address'),
    getDocumentRoute(deps, 'address'),
    submitAddressRoute(deps),
  ];
}
