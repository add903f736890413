/**
 * The public origin the credential routes publish the issuer under (PUBLIC_BASE_URL). The API's
 * composition root passes the full configuration; a feature deps object built without it (tests
 * of other features) falls back to the configuration's default for the default port.
 */
import type { FeatureDeps } from '../feature-deps.js';

export const DEFAULT_PUBLIC_BASE_URL = 'http://127.0.0.1:3000';

export function publicBaseUrl(deps: Pick<FeatureDeps, 'config'>): string {
  return deps.config.PUBLIC_BASE_URL ?? DEFAULT_PUBLIC_BASE_URL;
}
