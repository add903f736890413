/**
 * End-to-end screening throughput and latency: HTTP → API (in process) → PostgreSQL → Temporal
 * (dev server) → worker (in process, index cache) → result, with every list under
 * ../shared/data/lists loaded (plus N synthetic entities with --synthetic N, to see import and
 * index-build cost at scale). Starts its own PostgreSQL, MinIO and Temporal (as the tests do).
 *   bash infra/tools/run.sh bench/screening-api.ts [--seconds 15] [--concurrency 8] [--mode sync|async] [--synthetic 0]
 * Queries: half real UN-listed persons (expected to match), half invented names (expected not to).
 * Prints: list import times, first screening (index build) latency, then p50/p90/p99 and req/s.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import { importListDirectory } from '../activities/screening/list-store/import-list-files.js';
import { importParsedList } from '../activities/screening/list-store/list-import.js';
import { parseUnXml } from '../activities/screening/lists/parsers/un-xml.parser.js';
import { createScreeningActivities } from '../activities/screening/screening-activities.js';
import { generateApiKey } from '../api/auth/api-key.js';
import { ALL_SCOPES } from '../api/auth/scopes.js';
import { screeningRoutes } from '../api/screenings/screenings.routes.js';
import { createScratchDatabase } from '../infra/db/scratch-database.js';
import { insertApiKey } from '../infra/db/repositories/api-keys.repository.js';
import { ensureTools } from '../infra/local-stack/tool-installer.js';
import { createLogger } from '../infra/logger/logger.js';
import { silentTemporalLogger } from '../infra/logger/temporal-runtime-logger.js';
import { createObjectStorage } from '../infra/storage/object-storage.js';
import { startTestServices } from '../test/setup/test-services.js';
import { startInProcessStack } from './support/in-process-stack.js';
import { syntheticEntities } from './support/synthetic-entities.js';
import { percentile } from './support/percentile.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '8' },
    mode: { type: 'string', default: 'sync' },
    synthetic: { type: 'string', default: '0' },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const synthetic = Number(values.synthetic);
const mode = values.mode === 'async' ? 'async' : 'sync';
const listsDir = path.resolve(import.meta.dirname, '../../shared/data/lists');
const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn', name: 'bench' });
Runtime.install({ telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR' }) } }, logger: silentTemporalLogger });

const ms = (t0: number) => performance.now() - t0;
const fmt = (n: number) => n.toFixed(1);

// ---- servers and database ----
const services = await startTestServices(await ensureTools());
const env = services.values;
const scratch = await createScratchDatabase(env.databaseAdminUrl, { prefix: 'cw_bench', poolSize: 10, applicationName: 'clearwatch-bench' });
const db = scratch.db;
const importDeps = { db, logger, clock: () => new Date() };

// ---- lists ----
console.log(`lists from ${listsDir}`);
let t0 = performance.now();
for (const r of await importListDirectory(importDeps, listsDir)) {
  console.log(`  ${r.slug.padEnd(22)} ${r.status.padEnd(9)} ${String(r.entityCount).padStart(6)} entities`);
}
console.log(`  import of the shared lists: ${fmt(ms(t0))} ms`);


if (synthetic > 0) {
  const entities = syntheticEntities(synthetic);
  t0 = performance.now();
  const report = await importParsedList(importDeps, {
    source: { slug: 'synthetic_watchlist', name: 'Synthetic watchlist', url: '', list_type: 'watchlist', country_code: null, flag_code: null },
    entities,
    warnings: [],
    checksum: `synthetic-${synthetic}`,
  }, ['(generated)']);
  const took = ms(t0);
  console.log(`  synthetic_watchlist   ${report.status} ${synthetic} entities in ${fmt(took)} ms (${fmt(synthetic / (took / 1000))} entities/s)`);
}

// ---- worker and API in this process ----
const stack = await startInProcessStack({
  env, db, databaseUrl: scratch.url, storage: createObjectStorage({ ...env.s3, bucket: 'bench' }), logger, name: 'screening',
  activities: (config) => createScreeningActivities({ db, clock: () => new Date(), logger, config }),
  routes: screeningRoutes,
  maxConcurrentActivityTaskExecutions: 50,
});
const baseUrl = stack.baseUrl;
const { rawKey, prefix, hash } = generateApiKey('staging');
await insertApiKey(db, { environment: 'staging', name: 'bench', keyPrefix: prefix, keyHash: hash, scopes: ALL_SCOPES });

// ---- queries: UN-listed persons and invented names ----
const un = await parseUnXml(
  { name: 'UN', text: await readFile(path.join(listsDir, 'un_sc_2026-02-27/UN_consolidated.xml'), 'utf8') },
  { slug: 'un_sc_sanctions', name: 'UN', url: '', list_type: 'sanctions', country_code: null, flag_code: null },
);
const positives = un.entities
  .filter((e) => e.kind === 'person' && e.names[0]?.first && e.names[0]?.last)
  .map((e) => ({ name_first: e.names[0]!.first!, name_last: e.names[0]!.last! }));
const negatives = syntheticEntities(2000).filter((e) => e.kind === 'person').map((e) => {
  const [first, last] = e.names[0]!.full.split(' ');
  return { name_first: `${first}o`, name_last: `${last}ström` };
});

async function screen(query: Record<string, string>): Promise<{ status: string; hasMatch: boolean | null }> {
  const res = await fetch(`${baseUrl}/v1/screenings`, {
    method: 'POST',
    headers: { 'X-Api-Key': rawKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ data: { type: 'screening/watchlist', attributes: { execution_mode: mode, query } } }),
  });
  const body = (await res.json()) as { data: { id: string; attributes: { status: string; has_match: boolean | null } } };
  if (res.status !== 201) throw new Error(`POST ${res.status}: ${JSON.stringify(body)}`);
  let attrs = body.data.attributes;
  while (attrs.status === 'pending' || attrs.status === 'processing') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const get = await fetch(`${baseUrl}/v1/screenings/${body.data.id}`, { headers: { 'X-Api-Key': rawKey } });
    attrs = ((await get.json()) as typeof body).data.attributes;
  }
  return { status: attrs.status, hasMatch: attrs.has_match };
}

t0 = performance.now();
const first = await screen(positives[0]!);
console.log(`\nfirst screening (builds the worker's index over every active list): ${fmt(ms(t0))} ms, ${first.status}, has_match ${first.hasMatch}`);
globalThis.gc?.();
const mem = process.memoryUsage();
console.log(`process memory after the build (API + worker + index): rss ${fmt(mem.rss / 2 ** 20)} MiB, heap used ${fmt(mem.heapUsed / 2 ** 20)} MiB`);

const latencies: number[] = [];
let i = 0;
const outcome = { positives: 0, positivesMatched: 0, negatives: 0, negativesMatched: 0, failed: 0 };
const deadline = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) {
      const n = i++;
      const positive = n % 2 === 0;
      const query = positive ? positives[(n / 2) % positives.length]! : negatives[((n - 1) / 2) % negatives.length]!;
      const started = performance.now();
      const r = await screen(query);
      latencies.push(ms(started));
      if (r.status !== 'completed') outcome.failed += 1;
      if (positive) {
        outcome.positives += 1;
        if (r.hasMatch) outcome.positivesMatched += 1;
      } else {
        outcome.negatives += 1;
        if (r.hasMatch) outcome.negativesMatched += 1;
      }
    }
  }),
);
latencies.sort((a, b) => a - b);
const q = (p: number) => percentile(latencies, p);
console.log(`${mode} screenings over HTTP, concurrency ${concurrency}, ${seconds} s: ${latencies.length} screenings, ${fmt(latencies.length / seconds)} /s`);
console.log(`  latency (POST${mode === 'async' ? ' + polling' : ''} until completed): p50 ${fmt(q(0.5))} ms, p90 ${fmt(q(0.9))} ms, p99 ${fmt(q(0.99))} ms, max ${fmt(q(1))} ms`);
console.log(`  UN-listed persons matched: ${outcome.positivesMatched}/${outcome.positives}; invented names matched: ${outcome.negativesMatched}/${outcome.negatives}; not completed: ${outcome.failed}`);

await stack.close();
await scratch.destroy();
await services.stop();
process.exit(0);
