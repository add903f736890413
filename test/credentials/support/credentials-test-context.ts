/**
 * What a credentials test needs: a fresh database, the issuing activities on a real worker
 * (Temporal dev server, unique task queues), the API over the credential routes, keys for both
 * environments, and a way to reach the issuer's public documents as an outside verifier would.
 *
 * The issuer's public origin is https://issuer.clearwatch.test (PUBLIC_BASE_URL), not the test
 * server's address: DIDs and status-list URLs name that origin, and `publicFetch` maps it to the
 * test server — the one thing a verifier's network would do — so did:web resolution and status
 * list fetches follow the URLs inside the credentials.
 */
import { Resolver, type DIDDocument, type DIDResolutionResult, type ParsedDID } from 'did-resolver';
import { createCredentialIssuanceActivities } from '../../../activities/credentials/credential-issuance.activities.js';
import type { RateTier, TierLimit } from '../../../api/auth/rate-limit.js';
import { credentialRoutes } from '../../../api/credentials/credentials.routes.js';
import type { FeatureDeps } from '../../../api/feature-deps.js';
import type { Db } from '../../../infra/db/create-db.js';
import { createObjectStorage } from '../../../infra/storage/object-storage.js';
import { testEnv } from '../../setup/test-env.js';
import { buildTestApp } from '../../support/test-app.js';
import { silentLogger, testConfig, testSecrets } from '../../support/test-config.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { createTestKey } from '../../support/test-keys.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { startTestWorkers, type TestTemporal } from '../../support/test-worker.js';

export const PUBLIC_BASE_URL = 'https://issuer.clearwatch.test';

export function credentialActivitiesFor(db: Db, clock: () => Date = () => new Date()) {
  return createCredentialIssuanceActivities({ db, secrets: testSecrets, clock, config: testConfig({ PUBLIC_BASE_URL }) });
}

export interface CredentialsTestContext {
  tdb: TestDatabase;
  temporal: TestTemporal;
  api: TestServer;
  deps: FeatureDeps;
  keys: { staging: string; production: string };
  /** Another API over the same database and workers (another clock, other rate limits). */
  startApi(options?: { clock?: () => Date; rateLimits?: Partial<Record<RateTier, TierLimit>> }): Promise<TestServer>;
  /** fetch for URLs under PUBLIC_BASE_URL, answered by the test server. */
  publicFetch(url: string): Promise<Response>;
  /** A did:web resolver (did-resolver) whose HTTP requests reach the test server. */
  didResolver: Resolver;
  close(): Promise<void>;
}

/** The did:web method's DID → URL rule: host (percent-decoded), then path segments, else /.well-known. */
export function didWebUrl(did: string): string {
  const [host, ...segments] = did.slice('did:web:'.length).split(':').map(decodeURIComponent);
  return `https://${host}${segments.length ? `/${segments.join('/')}/did.json` : '/.well-known/did.json'}`;
}

export async function startCredentialsContext(options: { rateLimits?: Partial<Record<RateTier, TierLimit>> } = {}): Promise<CredentialsTestContext> {
  const tdb = await createTestDatabase();
  const temporal = await startTestWorkers(credentialActivitiesFor(tdb.db));
  const deps: FeatureDeps = {
    db: tdb.db,
    temporal: temporal.client,
    storage: createObjectStorage({ ...testEnv().s3, bucket: 'credentials-unused' }),
    clock: () => new Date(),
    logger: silentLogger,
    config: { S3_BUCKET: 'unused', OUTBOUND_ALLOWLIST: '', PUBLIC_BASE_URL },
    secrets: testSecrets,
    taskQueues: temporal.taskQueues,
  };
  const servers: TestServer[] = [];
  const startApi = async (o: { clock?: () => Date; rateLimits?: Partial<Record<RateTier, TierLimit>> } = {}) => {
    const d = { ...deps, ...(o.clock ? { clock: o.clock } : {}) };
    const server = await startTestServer(buildTestApp({ db: tdb.db, routes: credentialRoutes(d), ...(o.clock ? { clock: o.clock } : {}), ...(o.rateLimits ? { rateLimits: o.rateLimits } : {}) }));
    servers.push(server);
    return server;
  };
  const api = await startApi(options.rateLimits ? { rateLimits: options.rateLimits } : {});
  const publicFetch = (url: string) => {
    if (!url.startsWith(`${PUBLIC_BASE_URL}/`)) throw new Error(`not under the issuer's origin: ${url}`);
    return fetch(`${api.baseUrl}${url.slice(PUBLIC_BASE_URL.length)}`);
  };
  const didResolver = new Resolver({
    web: async (did: string, parsed: ParsedDID): Promise<DIDResolutionResult> => {
      const res = await publicFetch(didWebUrl(parsed.did));
      const doc = res.ok ? ((await res.json()) as DIDDocument) : null;
      if (!doc || doc.id !== parsed.did) return { didDocument: null, didDocumentMetadata: {}, didResolutionMetadata: { error: 'notFound', message: `${did}: ${res.status}` } };
      return { didDocument: doc, didDocumentMetadata: {}, didResolutionMetadata: { contentType: 'application/did+json' } };
    },
  });
  return {
    tdb,
    temporal,
    api,
    deps,
    keys: { staging: (await createTestKey(tdb.db, 'staging')).key, production: (await createTestKey(tdb.db, 'production')).key },
    startApi,
    publicFetch,
    didResolver,
    async close() {
      for (const s of servers) await s.close();
      await temporal.close();
      await tdb.destroy();
    },
  };
}

export function credentialBody(attributes: Record<string, unknown>, relationships?: Record<string, unknown>) {
  return { data: { type: 'credential', attributes, ...(relationships ? { relationships } : {}) } };
}
