/**
 * Screening throughput and latency against the limit of the engine, in one run, on the stack of
 * `npm start` (PostgreSQL with fsync and synchronous commit, the Temporal dev server on a SQLite
 * file, MinIO; the API and the worker as their own processes, the API with its screening worker),
 * every list under ../shared/data/lists loaded:
 *   bash infra/tools/run.sh bench/screening-throughput.ts [--seconds 10] [--batches 8] [--synthetic 0]
 * 1. the ceiling: no-op workflows on the same Temporal server, started the way the API starts
 *    screenings (a client sharing its NativeConnection with a worker of the process, Eager Workflow
 *    Start) — one at a time, 8 at once, and as many as the server takes (started and completed);
 * 2. sync screenings over HTTP, one client and 8 at once (POST until the 201 with the result);
 * 3. async screenings, 16 clients posting for the same time, counted created-to-completed;
 * 4. POST /v1/screenings/batch with 1,000 screenings each, 2 at once, created-to-completed — a
 *    portfolio: yente's 2,000 realistic names of people on no list, one UN-listed person in fifty;
 * 5. the RSS of the API (with its screening worker and index) and of the worker.
 * Queries of 2 and 3: half UN-listed persons (must match), half invented names (must not).
 * `--synthetic N` adds a list of N synthetic entities first (memory at scale).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@temporalio/client';
import { NativeConnection, Runtime, Worker, makeTelemetryFilterString } from '@temporalio/worker';
import { importListDirectory } from '../activities/screening/list-store/import-list-files.js';
import { importParsedList } from '../activities/screening/list-store/list-import.js';
import { parseUnXml } from '../activities/screening/lists/parsers/un-xml.parser.js';
import { generateApiKey } from '../api/auth/api-key.js';
import { ALL_SCOPES } from '../api/auth/scopes.js';
import { createDb } from '../infra/db/create-db.js';
import { migrateToLatest } from '../infra/db/migrator.js';
import { insertApiKey } from '../infra/db/repositories/api-keys.repository.js';
import { freePorts } from '../infra/local-stack/free-port.js';
import { ensureTools } from '../infra/local-stack/tool-installer.js';
import { createLogger } from '../infra/logger/logger.js';
import { silentTemporalLogger } from '../infra/logger/temporal-runtime-logger.js';
import { bundleWorkflowsToFile } from '../infra/temporal/workflow-bundle.js';
import { startNpmStartServers, startService } from './support/npm-start-stack.js';
import { personNameFields, readBenchmarkPeople } from '../test/screening/evaluation/benchmark-files.js';
import { cpuByTree, cpuPer } from './support/process-cpu.js';
import { syntheticEntities } from './support/synthetic-entities.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    batches: { type: 'string', default: '8' },
    synthetic: { type: 'string', default: '0' },
  },
});
const seconds = Number(values.seconds);
const batchCount = Number(values.batches);
const synthetic = Number(values.synthetic);
const listsDir = path.resolve(import.meta.dirname, '../../shared/data/lists');
const logger = createLogger({ level: 'warn', name: 'bench' });
Runtime.install({ telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR' }) } }, logger: silentTemporalLogger });

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

// ---- the stack ----
const servers = await startNpmStartServers(await ensureTools());
const db = createDb(servers.databaseUrl, { poolSize: 4, applicationName: 'bench' });
await migrateToLatest(db);
let t0 = performance.now();
const importDeps = { db, logger, clock: () => new Date() };
const reports = await importListDirectory(importDeps, listsDir);
const entities = reports.reduce((n, r) => n + (r.status === 'activated' ? r.entityCount : 0), 0);
console.log(`lists: ${reports.length} imported, ${entities} entities, ${fmt((performance.now() - t0) / 1000)} s`);
if (synthetic > 0) {
  t0 = performance.now();
  await importParsedList(importDeps, {
    source: { slug: 'synthetic_watchlist', name: 'Synthetic watchlist', url: '', list_type: 'watchlist', country_code: null, flag_code: null },
    entities: syntheticEntities(synthetic), warnings: [], checksum: `synthetic-${synthetic}`,
  }, ['(generated)']);
  console.log(`synthetic_watchlist: ${synthetic} entities in ${fmt((performance.now() - t0) / 1000)} s`);
}
const { rawKey, prefix, hash } = generateApiKey('staging');
await insertApiKey(db, { environment: 'staging', name: 'bench', keyPrefix: prefix, keyHash: hash, scopes: ALL_SCOPES });

const [apiPort] = (await freePorts(1)) as [number];
const worker = await startService('worker', servers.env, path.join(servers.dir, 'worker.log'));
const api = await startService('api', {
  ...servers.env, PORT: String(apiPort), RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000000', RATE_LIMIT_DEFAULT_BURST: '1000000000',
}, path.join(servers.dir, 'api.log'));
const baseUrl = `http://127.0.0.1:${apiPort}`;
const cpuRoots = { api: api.process.pid, worker: worker.process.pid, postgres: servers.pids.postgres, temporal: servers.pids.temporal, bench: process.pid };
/** CPU ms per item by process during `fn`. */
async function measured<T>(fn: () => Promise<T>, count: (result: T) => number): Promise<{ result: T; cpu: string }> {
  const before = cpuByTree(cpuRoots);
  const result = await fn();
  return { result, cpu: cpuPer(before, cpuByTree(cpuRoots), Math.max(1, count(result))) };
}

// ---- queries: UN-listed persons and invented names ----
const un = await parseUnXml(
  { name: 'UN', text: await readFile(path.join(listsDir, 'un_sc_2026-02-27/UN_consolidated.xml'), 'utf8') },
  { slug: 'un_sc_sanctions', name: 'UN', url: '', list_type: 'sanctions', country_code: null, flag_code: null },
);
const positives = un.entities.filter((e) => e.kind === 'person' && e.names[0]?.first && e.names[0]?.last).map((e) => ({ name_first: e.names[0]!.first!, name_last: e.names[0]!.last! }));
const negatives = syntheticEntities(4000, 7).filter((e) => e.kind === 'person').map((e) => {
  const [first, last] = e.names[0]!.full.split(' ');
  return { name_first: `${first}o`, name_last: `${last}ström` };
});
// Portfolio screening (batches): realistic names of people on no list (yente's 2,000 synthetic
// negatives), with one UN-listed person in fifty.
const innocents = [...(await readBenchmarkPeople('yente_validation_report/negatives_global.csv')), ...(await readBenchmarkPeople('yente_validation_report/negatives_us.csv'))]
  .map(personNameFields)
  .filter((q) => q.name_first && q.name_last);
let portfolioNo = 0;
function portfolioQuery(): Record<string, string> {
  const n = portfolioNo++;
  return n % 50 === 0 ? positives[(n / 50) % positives.length]! : innocents[n % innocents.length]!;
}
let queryNo = 0;
function nextQuery(): { query: Record<string, string>; positive: boolean } {
  const n = queryNo++;
  return n % 2 === 0 ? { query: positives[(n / 2) % positives.length]!, positive: true } : { query: negatives[((n - 1) / 2) % negatives.length]!, positive: false };
}

const headers = { 'X-Api-Key': rawKey, 'Content-Type': 'application/json' };
async function post(pathName: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}${pathName}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

const outcome = { positives: 0, positivesMatched: 0, negatives: 0, negativesMatched: 0, notCompleted: 0 };
async function syncScreening(): Promise<void> {
  const { query, positive } = nextQuery();
  const res = await post('/v1/screenings', { data: { type: 'screening/watchlist', attributes: { execution_mode: 'sync', query } } });
  if (res.status !== 201) throw new Error(`POST ${res.status}: ${JSON.stringify(res.body)}`);
  const a = res.body.data.attributes;
  if (a.status !== 'completed') outcome.notCompleted += 1;
  if (positive) {
    outcome.positives += 1;
    if (a.has_match) outcome.positivesMatched += 1;
  } else {
    outcome.negatives += 1;
    if (a.has_match) outcome.negativesMatched += 1;
  }
}

/** Runs `work` from `concurrency` loops for `seconds`; latencies in ms. */
async function closedLoop(concurrency: number, secs: number, work: () => Promise<void>): Promise<{ rate: number; latencies: number[] }> {
  const latencies: number[] = [];
  const deadline = performance.now() + secs * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) {
      const s = performance.now();
      await work();
      latencies.push(performance.now() - s);
    }
  }));
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / ((performance.now() - started) / 1000), latencies };
}

/** Created-to-completed rate of the screenings created since `since` (database timestamps). */
async function completionRate(since: Date, count: number): Promise<{ rate: number; seconds: number }> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const row = await db.selectFrom('screenings').select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('first'), eb.fn.max('completed_at').as('last')])
      .where('created_at', '>=', since).where('status', 'in', ['completed', 'failed', 'not_found']).executeTakeFirstOrThrow();
    if (Number(row.n) >= count || Date.now() > deadline) {
      const secs = ((row.last as Date).getTime() - (row.first as Date).getTime()) / 1000;
      return { rate: Number(row.n) / secs, seconds: secs };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

try {
  // ---- warm-up: the API's index is built at start; the first screening also waits for it ----
  t0 = performance.now();
  await syncScreening();
  console.log(`first screening after start: ${fmt(performance.now() - t0)} ms`);
  await closedLoop(4, 2, syncScreening);

  // ---- 1. the ceiling: no-op workflows, started as the API starts screenings ----
  const connection = await NativeConnection.connect({ address: servers.temporalAddress });
  const client = new Client({ connection, namespace: 'default' });
  const taskQueue = `bench-noop-${randomBytes(3).toString('hex')}`;
  const noopWorker = await Worker.create({
    connection, namespace: 'default', taskQueue, activities: {}, enableNonLocalActivities: false,
    workflowBundle: { codePath: await bundleWorkflowsToFile(fileURLToPath(new URL('../workflows/index.ts', import.meta.url))) },
  });
  const noopRun = noopWorker.run();
  const noop = (eager: boolean) => async () => {
    const handle = await client.workflow.start('noopWorkflow', { taskQueue, workflowId: `bench-noop-${randomUUID()}`, requestEagerStart: eager });
    await handle.result();
  };
  await closedLoop(4, 2, noop(true));
  const noop1 = await closedLoop(1, seconds, noop(true));
  const { result: noop8, cpu: noop8cpu } = await measured(() => closedLoop(8, seconds, noop(true)), (r) => r.latencies.length);
  const noop8plain = await closedLoop(8, seconds, noop(false));
  // As many as the server takes: 32 starts in flight, results awaited at the end.
  const handles: Promise<unknown>[] = [];
  t0 = performance.now();
  await closedLoop(32, seconds, async () => {
    const handle = await client.workflow.start('noopWorkflow', { taskQueue, workflowId: `bench-noop-${randomUUID()}`, requestEagerStart: true });
    handles.push(handle.result());
  });
  await Promise.all(handles);
  const noopOpen = handles.length / ((performance.now() - t0) / 1000);
  noopWorker.shutdown();
  await noopRun;
  await connection.close();
  const ceiling = Math.max(noop8.rate, noopOpen);
  console.log('\nceiling (no-op workflows, eager start on a worker of the starting process, same Temporal server):');
  console.log(`  one at a time:          ${fmt(noop1.rate)}/s  p50 ${fmt(pct(noop1.latencies, 0.5))} ms  p99 ${fmt(pct(noop1.latencies, 0.99))} ms (start + result)`);
  console.log(`  8 at once:              ${fmt(noop8.rate)}/s  p50 ${fmt(pct(noop8.latencies, 0.5))} ms  p99 ${fmt(pct(noop8.latencies, 0.99))} ms`);
  console.log(`    CPU ms per workflow: ${noop8cpu}`);
  console.log(`  8 at once, no eager:    ${fmt(noop8plain.rate)}/s  p50 ${fmt(pct(noop8plain.latencies, 0.5))} ms`);
  console.log(`  32 starts in flight:    ${fmt(noopOpen)}/s started and completed`);

  // ---- 2. sync screenings ----
  const sync1 = await closedLoop(1, seconds, syncScreening);
  const { result: sync8, cpu: sync8cpu } = await measured(() => closedLoop(8, seconds, syncScreening), (r) => r.latencies.length);
  console.log('\nsync screenings over HTTP (POST until the 201 with the result):');
  console.log(`  one client:   ${fmt(sync1.rate)}/s  p50 ${fmt(pct(sync1.latencies, 0.5))} ms  p99 ${fmt(pct(sync1.latencies, 0.99))} ms`);
  console.log(`  8 clients:    ${fmt(sync8.rate)}/s  p50 ${fmt(pct(sync8.latencies, 0.5))} ms  p99 ${fmt(pct(sync8.latencies, 0.99))} ms`);
  console.log(`    CPU ms per screening: ${sync8cpu}`);
  console.log(`  UN-listed persons matched ${outcome.positivesMatched}/${outcome.positives}; invented names matched ${outcome.negativesMatched}/${outcome.negatives}; not completed ${outcome.notCompleted}`);

  // ---- 3. async screenings, created and completed ----
  let since = new Date(Date.now() - 1);
  let created = 0;
  const cpuBeforeAsync = cpuByTree(cpuRoots);
  const asyncPosts = await closedLoop(16, seconds, async () => {
    const res = await post('/v1/screenings', { data: { type: 'screening/watchlist', attributes: { query: nextQuery().query } } });
    if (res.status !== 201) throw new Error(`POST ${res.status}`);
    created += 1;
  });
  const asyncDone = await completionRate(since, created);
  const asyncCpu = cpuPer(cpuBeforeAsync, cpuByTree(cpuRoots), created);
  console.log('\nasync screenings (16 clients posting):');
  console.log(`  accepted ${fmt(asyncPosts.rate)}/s (POST p50 ${fmt(pct(asyncPosts.latencies, 0.5))} ms); ${created} created and completed in ${fmt(asyncDone.seconds)} s: ${fmt(asyncDone.rate)}/s`);
  console.log(`    CPU ms per screening: ${asyncCpu}`);

  // ---- 4. batches of 1,000 ----
  since = new Date(Date.now() - 1);
  let batched = 0;
  const cpuBeforeBatch = cpuByTree(cpuRoots);
  const batchPosts: number[] = [];
  await Promise.all(Array.from({ length: 2 }, async (_, lane) => {
    for (let b = lane; b < batchCount; b += 2) {
      const items = Array.from({ length: 1000 }, () => ({ type: 'screening/watchlist', attributes: { query: portfolioQuery() } }));
      const s = performance.now();
      const res = await post('/v1/screenings/batch', { data: items });
      if (res.status !== 201) throw new Error(`batch POST ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
      batchPosts.push(performance.now() - s);
      batched += items.length;
    }
  }));
  const batchDone = await completionRate(since, batched);
  const batchCpu = cpuPer(cpuBeforeBatch, cpuByTree(cpuRoots), batched);
  batchPosts.sort((a, b) => a - b);
  console.log('\nPOST /v1/screenings/batch (1,000 each, 2 at once):');
  console.log(`  ${batched} screenings created and completed in ${fmt(batchDone.seconds)} s: ${fmt(batchDone.rate, 0)}/s (POST p50 ${fmt(pct(batchPosts, 0.5))} ms)`);
  console.log(`    CPU ms per screening: ${batchCpu}`);

  // ---- 5. memory ----
  console.log('\nmemory (RSS, lists loaded, after the runs):');
  console.log(`  API with its screening worker and index: ${fmt(api.rssMiB(), 0)} MiB`);
  console.log(`  worker:                                  ${fmt(worker.rssMiB(), 0)} MiB`);

  console.log('\nagainst the ceiling:');
  console.log(`  sync 8 clients / no-op 8 at once:         ${fmt(sync8.rate / noop8.rate, 2)}`);
  console.log(`  sync one client / no-op one at a time:    ${fmt(sync1.rate / noop1.rate, 2)}`);
  console.log(`  async completed / no-op ceiling:          ${fmt(asyncDone.rate / ceiling, 2)}`);
  console.log(`  batch completed / no-op ceiling:          ${fmt(batchDone.rate / ceiling, 2)}`);
} finally {
  await api.stop();
  await worker.stop();
  await db.destroy();
  await servers.stop();
}
process.exit(0);
