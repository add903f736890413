/**
 * Identity document throughput: documents processed per minute, from the upload (a real HTTP PUT
 * to the presigned MinIO address) to `processed`, through the API (in process), the upload
 * verification workflow and the processing workflow (worker in process; tesseract OCR for the
 * passports, pdftotext for the bills). Starts its own PostgreSQL, MinIO and Temporal, as the tests do.
 *   bash infra/tools/run.sh bench/identity-documents.ts [--documents 24] [--concurrency 6] [--activities 2]
 * Half the documents are passport images (document/idv), half proof-of-address PDFs
 * (document/address, auto-submitted). --activities caps concurrent activities in the worker
 * (OCR is CPU-bound: about one per core). Prints documents/minute and upload→processed latencies.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import { createIdentityActivities } from '../activities/identity/identity.activities.js';
import { generateApiKey } from '../api/auth/api-key.js';
import { ALL_SCOPES } from '../api/auth/scopes.js';
import { identityRoutes } from '../api/identity/identity.routes.js';
import { createScratchDatabase } from '../infra/db/scratch-database.js';
import { insertApiKey } from '../infra/db/repositories/api-keys.repository.js';
import { ensureTools } from '../infra/local-stack/tool-installer.js';
import { createLogger } from '../infra/logger/logger.js';
import { silentTemporalLogger } from '../infra/logger/temporal-runtime-logger.js';
import { createObjectStorage } from '../infra/storage/object-storage.js';
import { documentFixtures, sha256 } from '../test/identity/support/identity-documents.fixtures.js';
import { startTestServices } from '../test/setup/test-services.js';
import { startInProcessStack } from './support/in-process-stack.js';
import { percentile } from './support/percentile.js';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '24' },
    concurrency: { type: 'string', default: '6' },
    activities: { type: 'string', default: '2' },
  },
});
const total = Number(values.documents);
const concurrency = Number(values.concurrency);
const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn', name: 'bench' });
Runtime.install({ telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR' }) } }, logger: silentTemporalLogger });
const fmt = (n: number) => n.toFixed(1);

// ---- servers, database, bucket ----
const services = await startTestServices(await ensureTools());
const env = services.values;
const scratch = await createScratchDatabase(env.databaseAdminUrl, { prefix: 'cw_bench', poolSize: 10, applicationName: 'clearwatch-bench' });
const db = scratch.db;
const bucket = `bench-identity-${randomBytes(3).toString('hex')}`;
const storage = createObjectStorage({ ...env.s3, bucket });
await storage.ensureBucket();
const fixturesDir = await mkdtemp(path.join(tmpdir(), 'bench-identity-'));
const files = await documentFixtures(fixturesDir);

// ---- worker and API in this process ----
const stack = await startInProcessStack({
  env, db, databaseUrl: scratch.url, storage, logger, name: 'identity',
  activities: (config) => createIdentityActivities({ db, storage, clock: () => new Date(), logger }),
  routes: identityRoutes,
  maxConcurrentActivityTaskExecutions: Number(values.activities),
});
const baseUrl = stack.baseUrl;
const { rawKey, prefix, hash } = generateApiKey('staging');
await insertApiKey(db, { environment: 'staging', name: 'bench', keyPrefix: prefix, keyHash: hash, scopes: ALL_SCOPES });

async function api(method: string, route: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${route}`, { method, headers: { 'X-Api-Key': rawKey, ...(body ? { 'Content-Type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const account = await api('POST', '/v1/identity/accounts', {
  data: { attributes: { person: { name: { first: 'John', middle: 'Paul', last: 'Smith' } }, address: { line1: '14 Kingfisher Road', postal_code: 'N7 8QT', country_code: 'GB' } } },
});
const relationships = { account: { data: { type: 'account', id: account.data.id } } };

/** One document from creation to a final status; returns upload→final ms and the status. */
async function oneDocument(n: number): Promise<{ ms: number; status: string }> {
  const idv = n % 2 === 0;
  const bytes = idv ? files.passport : files.recentBill;
  const kind = idv ? 'idvs' : 'addresses';
  const created = idv
    ? await api('POST', '/v1/identity/documents/idvs', { data: { attributes: { files: [{ filename: 'passport.png', byte_size: bytes.length, checksum: sha256(bytes) }] }, relationships } })
    : await api('POST', '/v1/identity/documents/addresses', { data: { attributes: { files: [{ filename: 'bill.pdf', byte_size: bytes.length, checksum: sha256(bytes) }] }, relationships }, meta: { auto_submit_for_processing: true } });
  const started = performance.now();
  const put = await fetch(created.meta.presigned_upload_urls[0].url, { method: 'PUT', body: new Uint8Array(bytes) });
  if (put.status !== 200) throw new Error(`upload: ${put.status}`);
  for (;;) {
    const doc = await api('GET', `/v1/identity/documents/${kind}/${created.data.id}`);
    const status = doc.data.attributes.status as string;
    if (status === 'processed' || status === 'failed') return { ms: performance.now() - started, status };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Warm-up: one of each kind (first OCR and PDF runs load their tools).
await Promise.all([oneDocument(0), oneDocument(1)]);

const latencies: number[] = [];
const statuses: Record<string, number> = {};
let next = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < total) {
      const r = await oneDocument(next++);
      latencies.push(r.ms);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
  }),
);
const elapsedMs = performance.now() - t0;
latencies.sort((a, b) => a - b);
const q = (p: number) => percentile(latencies, p);
console.log(`${total} documents (half passports, half bill PDFs), ${concurrency} in flight, worker activities ${values.activities}: ${fmt(elapsedMs / 1000)} s`);
console.log(`  throughput: ${fmt(total / (elapsedMs / 60_000))} documents processed per minute`);
console.log(`  upload → final status: p50 ${fmt(q(0.5))} ms, p90 ${fmt(q(0.9))} ms, max ${fmt(q(1))} ms; statuses ${JSON.stringify(statuses)}`);

await stack.close();
await scratch.destroy();
await storage.removePrefix('');
await services.stop();
await rm(fixturesDir, { recursive: true, force: true });
process.exit(0);
