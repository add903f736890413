/**
 * Credential throughput on the running stack (API and worker in one process over real
 * PostgreSQL and a Temporal dev server, as the tests start them): credentials issued per second
 * (POST /v1/credentials, each through its issuing workflow; and batch-issue of 100) and
 * verifications per second (POST /v1/credentials/verify: signature, issuer, key, validity and the
 * status bit). Rate limits are lifted so the figures show the work.
 *   bash infra/tools/run.sh bench/credentials.ts [--single 200] [--concurrency 8] [--batches 6] [--verifications 2000] [--verify-concurrency 16]
 */
import { parseArgs } from 'node:util';
import { Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import { createCredentialIssuanceActivities } from '../activities/credentials/credential-issuance.activities.js';
import { generateApiKey } from '../api/auth/api-key.js';
import { ALL_SCOPES } from '../api/auth/scopes.js';
import { credentialRoutes } from '../api/credentials/credentials.routes.js';
import { createSecretBox } from '../infra/crypto/secret-box.js';
import { createScratchDatabase } from '../infra/db/scratch-database.js';
import { insertApiKey } from '../infra/db/repositories/api-keys.repository.js';
import { ensureTools } from '../infra/local-stack/tool-installer.js';
import { createLogger } from '../infra/logger/logger.js';
import { silentTemporalLogger } from '../infra/logger/temporal-runtime-logger.js';
import { createObjectStorage } from '../infra/storage/object-storage.js';
import { startTestServices } from '../test/setup/test-services.js';
import { startInProcessStack } from './support/in-process-stack.js';
import { percentile } from './support/percentile.js';

const { values } = parseArgs({
  options: {
    single: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '8' },
    batches: { type: 'string', default: '6' },
    verifications: { type: 'string', default: '2000' },
    'verify-concurrency': { type: 'string', default: '16' },
  },
});
const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn', name: 'bench' });
Runtime.install({ telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR' }) } }, logger: silentTemporalLogger });
const fmt = (n: number) => n.toFixed(1);

const services = await startTestServices(await ensureTools());
const env = services.values;
const scratch = await createScratchDatabase(env.databaseAdminUrl, { prefix: 'cw_bench', poolSize: 10, applicationName: 'clearwatch-bench' });
const db = scratch.db;
const stack = await startInProcessStack({
  env, db, databaseUrl: scratch.url, storage: createObjectStorage({ ...env.s3, bucket: 'bench-credentials-unused' }), logger, name: 'credentials',
  activities: (config) => createCredentialIssuanceActivities({ db, secrets: createSecretBox(config.SECRETS_ENCRYPTION_KEY), clock: () => new Date(), config }),
  routes: (deps) => credentialRoutes(deps),
  maxConcurrentActivityTaskExecutions: 8,
});
const { rawKey, prefix, hash } = generateApiKey('production');
await insertApiKey(db, { environment: 'production', name: 'bench', keyPrefix: prefix, keyHash: hash, scopes: ALL_SCOPES });

async function post(route: string, body: unknown): Promise<{ ms: number; json: any }> {
  const started = performance.now();
  const res = await fetch(`${stack.baseUrl}${route}`, { method: 'POST', headers: { 'X-Api-Key': rawKey, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`POST ${route}: ${res.status} ${JSON.stringify(json)}`);
  return { ms: performance.now() - started, json };
}

const item = (n: number) => ({
  type: 'credential',
  attributes: { credential_type: 'BenchCredential', subject: { id: `did:example:holder-${n}`, claims: { member_number: n, tier: 'gold', since: '2024-01-01' } } },
});

/** Runs `count` calls of `one` with `concurrency` in flight; returns wall time and sorted latencies. */
async function load(count: number, concurrency: number, one: (n: number) => Promise<number>): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) latencies.push(await one(next++));
  }));
  return { seconds: (performance.now() - t0) / 1000, latencies: latencies.sort((a, b) => a - b) };
}
const q = percentile;

// Warm-up: keys, the first status list, workflow code paths.
const tokens: string[] = [];
for (let i = 0; i < 4; i++) tokens.push((await post('/v1/credentials', { data: item(i) })).json.data.attributes.credential);

const single = Number(values.single);
const concurrency = Number(values.concurrency);
const issued = await load(single, concurrency, async (n) => {
  const { ms, json } = await post('/v1/credentials', { data: item(n) });
  if (json.data.attributes.status !== 'issued') throw new Error(`credential ${json.data.id} is ${json.data.attributes.status}`);
  if (tokens.length < 500) tokens.push(json.data.attributes.credential);
  return ms;
});
console.log(`POST /v1/credentials (one workflow each), ${single} at concurrency ${concurrency}: ${fmt(single / issued.seconds)} credentials/s; p50 ${fmt(q(issued.latencies, 0.5))} ms, p99 ${fmt(q(issued.latencies, 0.99))} ms`);

const batches = Number(values.batches);
const batched = await load(batches, 2, async (n) => {
  const { ms, json } = await post('/v1/credentials/batch-issue', { data: Array.from({ length: 100 }, (_, i) => item(n * 100 + i)) });
  if (json.data.some((c: any) => c.attributes.status !== 'issued')) throw new Error('a batch credential was not issued');
  return ms;
});
console.log(`POST /v1/credentials/batch-issue, ${batches} batches of 100 at concurrency 2: ${fmt((batches * 100) / batched.seconds)} credentials/s; p50 ${fmt(q(batched.latencies, 0.5))} ms per batch`);

const verifications = Number(values.verifications);
const verifyConcurrency = Number(values['verify-concurrency']);
const verified = await load(verifications, verifyConcurrency, async (n) => {
  const { ms, json } = await post('/v1/credentials/verify', { data: { attributes: { credential: tokens[n % tokens.length] } } });
  if (!json.data.attributes.verified) throw new Error(`not verified: ${JSON.stringify(json.data.attributes.checks)}`);
  return ms;
});
console.log(`POST /v1/credentials/verify, ${verifications} at concurrency ${verifyConcurrency}: ${fmt(verifications / verified.seconds)} verifications/s; p50 ${fmt(q(verified.latencies, 0.5))} ms, p99 ${fmt(q(verified.latencies, 0.99))} ms`);

await stack.close();
await scratch.destroy();
await services.stop();
process.exit(0);
