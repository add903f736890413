/**
 * GET /.well-known/status-lists/v<n> (production) and /staging/status-lists/v<n> (staging): the
 * Bitstring Status List credential, signed (application/vc+jwt). Cache-Control max-age=60: a
 * revocation is in the list the moment it commits, and a verifier or proxy that cached the list
 * sees it within 60 seconds (well inside 5 minutes). The signed list is kept in memory per list
 * version and signing key, so serving it costs one small query.
 */
import { encodeStatusList, STATUS_LIST_TTL_SECONDS } from '../../activities/credentials/status-list.model.js';
import { signVcJwt, statusListPayload, VC_JWT_MEDIA_TYPE } from '../../activities/credentials/credential-document.model.js';
import { issuerIdentity, issuerPaths } from '../../activities/credentials/issuer-identity.model.js';
import { openSigningKey } from '../../activities/credentials/issuer-keys.transitions.js';
import { findStatusList, statusListStamp } from '../../infra/db/repositories/credential-status-lists.repository.js';
import { findActiveIssuerKey } from '../../infra/db/repositories/issuer-keys.repository.js';
import { ENVIRONMENTS } from '../../infra/db/tables/common.js';
import { z } from 'zod';
import type { FeatureDeps } from '../feature-deps.js';
import { ResourceError } from '../http/errors.js';
import { defineRoute, type RouteDefinition } from '../http/route.js';
import { publicBaseUrl } from './issuer-settings.js';

export const STATUS_LIST_CACHE_CONTROL = `public, max-age=${STATUS_LIST_TTL_SECONDS}`;
const CACHE_ENTRIES = 32;

const params = z.strictObject({ version: z.string().regex(/^v[1-9]\d{0,8}$/) });

export function statusListRoutes(deps: FeatureDeps): RouteDefinition[] {
  const signed = new Map<string, string>();
  return ENVIRONMENTS.map((environment) =>
    defineRoute({
      method: 'get',
      path: issuerPaths(environment).statusListRoute,
      scope: null,
      public: true,
      errorShape: 'issuer',
      summary: `Revocation status list (${environment})`,
      description: 'A BitstringStatusListCredential (W3C Bitstring Status List v1.0, statusPurpose revocation, 131,072 entries) as a compact JWS, ' +
        `Content-Type application/vc+jwt. Cache-Control max-age=${STATUS_LIST_TTL_SECONDS}: a revocation is visible to every verifier within ${STATUS_LIST_TTL_SECONDS} seconds.`,
      tag: 'Issuer',
      schemas: { params, responses: { 200: { description: 'The signed status list credential (a compact JWS)', contentType: 'application/vc+jwt' } } },
      async handler({ params: { version } }) {
        const sequence = Number(version.slice(1));
        const notFound = () => ResourceError.single(404, 'status_list_not_found', 'Not Found', `There is no status list ${version}`);
        const [stamp, active] = await Promise.all([statusListStamp(deps.db, environment, sequence), findActiveIssuerKey(deps.db, environment)]);
        if (!stamp) throw notFound();
        const cacheKey = `${stamp.id}:${stamp.updated_at.getTime()}:${active?.kid ?? ''}`;
        let jws = signed.get(cacheKey);
        if (!jws) {
          const list = await findStatusList(deps.db, environment, sequence);
          if (!list) throw notFound();
          const identity = issuerIdentity(publicBaseUrl(deps), environment);
          const key = await openSigningKey(deps.db, deps.secrets, environment);
          jws = await signVcJwt(identity, key, statusListPayload(identity, sequence, await encodeStatusList(list.bits), list.updated_at, deps.clock()));
          if (signed.size >= CACHE_ENTRIES) signed.delete(signed.keys().next().value!);
          signed.set(cacheKey, jws);
        }
        return { status: 200, body: jws, headers: { 'Content-Type': VC_JWT_MEDIA_TYPE, 'Cache-Control': STATUS_LIST_CACHE_CONTROL } };
      },
    }),
  );
}
