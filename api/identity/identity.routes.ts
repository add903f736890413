/** The identity family's routes: accounts, sessions, identity documents and proofs of address. */
import type { FeatureDeps } from '../feature-deps.js';
import type { RouteDefinition } from '../http/route.js';
import { createAccountRoute } from './accounts/create-account.route.js';
import { getAccountRoute } from './accounts/get-account.route.js';
import { listAccountsRoute } from './accounts/list-accounts.route.js';
import { redactAccountRoute } from './accounts/redact-account.route.js';
import { updateAccountRoute } from './accounts/update-account.route.js';

export function identityRoutes(deps: FeatureDeps): RouteDefinition[] {
  return [
    createAccountRoute(deps),
    listAccountsRoute(deps),
    getAccountRoute(deps),
    updateAccountRoute(deps),
    redactAccountRoute(deps),
  ];
}
