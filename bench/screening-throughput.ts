/**
 * Screening throughput and latency against the limit of the engine, in one run, on the stack of
 * `npm start` (PostgreSQL with fsync and synchronous commit, the Temporal dev server on a SQLite
 * file, MinIO; the API and the worker as their own processes, the API with its screening worker),
 * every list under ../shared/data/lists loaded:
 *   bash infra/tools/run.sh bench/screening-throughput.ts [--seconds 10] [--batches 8] [--batch-lanes 2] [--synthetic 0] [--worker-queues all] [--client http|fetch]
 * 1. the ceiling: no-op workflows on the same Temporal server, started the way the API starts
 *    screenings (a client sharing its NativeConnection with a worker of the process, Eager Workflow
 *    Start) — one at a time, 8 at once, and as many as the server takes (started and completed);
 * 2. sync screenings over HTTP, one client and 8 at once (POST until the 201 with the result), and
 *    with `--only …,wrk` the same at 8 connections from wrk (another load generator);
 * 3. async screenings, 16 clients posting for the same time, counted created-to-completed;
 * 4. the matcher alone: the batches' queries screened (screenAgainst, nothing stored) by one
 *    process per core, each with the watchlist index built from the same database as the worker
 *    builds it, beside the batches in the same run (not run with --synthetic);
 * 5. POST /v1/screenings/batch with 1,000 screenings each, 2 at once (--batch-lanes), created-to-completed — a
 *    portfolio: yente's 2,000 realistic names of people on no list, one UN-listed person in fifty;
 * 6. the RSS of the API (with its screening worker and index) and of the worker, after each phase and
 *    its peak during each phase (sampled every 100 ms)
 *    and after 30 s idle;
 * 7. issue 15's targets, each with this run's figure and whether it was met (400 MB read as 381.5 MiB).
 * After 3 and 5, the wait until every event consumer has read past the newest event, and the CPU per
 * screening up to then.
 * Queries of 2 and 3: half UN-listed persons (must match), half invented names (must not).
 * `--synthetic N` adds a list of N synthetic entities first (memory at scale).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@temporalio/client';
import { sql } from 'kysely';
import { NativeConnection, Runtime, Worker, makeTelemetryFilterString } from '@temporalio/worker';
import { importListDirectory } from '../activities/screening/list-store/import-list-files.js';
import { importParsedList } from '../activities/screening/list-store/list-import.js';
import { parseUnXml } from '../activities/screening/lists/parsers/un-xml.parser.js';
import { generateApiKey } from '../api/auth/api-key.js';
import { ALL_SCOPES } from '../api/auth/scopes.js';
import { createDb } from '../infra/db/create-db.js';
import { migrateToLatest } from '../infra/db/migrator.js';
import { insertApiKey } from '../infra/db/repositories/api-keys.repository.js';
import { logHorizon } from '../infra/db/repositories/events.repository.js';
import { EVENT_CONSUMERS } from '../workflows/event-relay/event-relay.contract.js';
import { ensureDebianPackages } from '../infra/local-stack/apt-packages.installer.js';
import { freePorts } from '../infra/local-stack/free-port.js';
import { runChecked } from '../infra/local-stack/run-command.js';
import { ensureTools } from '../infra/local-stack/tool-installer.js';
import { createLogger } from '../infra/logger/logger.js';
import { silentTemporalLogger } from '../infra/logger/temporal-runtime-logger.js';
import { bundleWorkflows } from '../infra/temporal/workflow-bundle.js';
import { startNpmStartServers, startService, type ProgramForm } from './support/npm-start-stack.js';
import { personNameFields, readBenchmarkPeople } from '../test/screening/evaluation/benchmark-files.js';
import { cpuByTree, cpuPer, exitedChildrenCpuMs } from './support/process-cpu.js';
import { syntheticEntities } from './support/synthetic-entities.js';
import { percentile } from './support/percentile.js';
import type { MatcherAloneReply, MatcherAloneRequest } from './support/matcher-alone.child.js';
import { MATCH_CHUNK_SIZE } from '../workflows/screening/screening.contract.js';
import { nodeFlags } from '../infra/local-stack/node-entry.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    batches: { type: 'string', default: '8' },
    /** Batch requests in flight at once. */
    'batch-lanes': { type: 'string', default: '2' },
    synthetic: { type: 'string', default: '0' },
    /** Write CPU profiles of the API and worker processes (every thread) into api/ and worker/ of this folder. */
    profile: { type: 'string' },
    /** Extra Node flags for the API process (e.g. "--max-semi-space-size=8"). */
    'api-node-args': { type: 'string', default: '' },
    /** compiled (as npm start runs them) or source (through tsx, to compare). */
    programs: { type: 'string', default: 'compiled' },
    /** Extra Node flags for the worker process. */
    'worker-node-args': { type: 'string', default: '' },
    /** WORKER_TASK_QUEUES of the standalone worker (e.g. screening,screeningRuns: a screening worker). */
    'worker-queues': { type: 'string', default: 'all' },
    /** The load generator's HTTP client: http (node:http, keep-alive; default) or fetch (what the bench used before 2026-11-29, to compare). */
    client: { type: 'string', default: 'http' },
    /** Only these phases (comma-separated: noop,sync,wrk,async,matcher,batch; wrk is not run by default). */
    only: { type: 'string', default: 'noop,sync,async,matcher,batch' },
  },
});
const phases = new Set(values.only.split(','));
// Before the stack starts: a missing wrk should not cost the phases before it.
if (phases.has('wrk')) await ensureDebianPackages(['wrk']);
if (values.programs !== 'compiled' && values.programs !== 'source') throw new Error('--programs is compiled or source');
if (values.client !== 'http' && values.client !== 'fetch') throw new Error('--client is http or fetch');
const programForm: ProgramForm = values.programs;
const IDLE_SECONDS = 30;
// One folder per process: Node writes a profile per thread (main, workflow threads), named by pid and thread.
const profileArgs = (name: string) => (values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(path.resolve(values.profile), name)}`] : []);
const seconds = Number(values.seconds);
const batchCount = Number(values.batches);
if (!Number.isInteger(batchCount) || batchCount < 1) throw new Error(`--batches must be a whole number ≥ 1, not ${values.batches}`);
const batchLanes = Number(values['batch-lanes']);
if (!Number.isInteger(batchLanes) || batchLanes < 1) throw new Error(`--batch-lanes must be a whole number ≥ 1, not ${values['batch-lanes']}`);
const synthetic = Number(values.synthetic);
const listsDir = path.resolve(import.meta.dirname, '../../shared/data/lists');
const logger = createLogger({ level: 'warn', name: 'bench' });
Runtime.install({ telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR' }) } }, logger: silentTemporalLogger });

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const pct = percentile;

// ---- the stack ----
const servers = await startNpmStartServers(await ensureTools());
const db = createDb(servers.databaseUrl, { poolSize: 4, applicationName: 'bench' });
await migrateToLatest(db);
let t0 = performance.now();
const importDeps = { db, logger, clock: () => new Date() };
const reports = await importListDirectory(importDeps, listsDir);
const entities = reports.reduce((n, r) => n + (r.status === 'activated' ? r.entityCount : 0), 0);
console.log(`programs: ${programForm}; load generator's client: ${values.client}`);
console.log(`lists: ${reports.length} imported, ${entities} entities, ${fmt((performance.now() - t0) / 1000)} s`);
if (synthetic > 0) {
  t0 = performance.now();
  await importParsedList(importDeps, {
    source: { slug: 'synthetic_watchlist', name: 'Synthetic watchlist', url: '', list_type: 'watchlist', country_code: null, flag_code: null },
    entities: syntheticEntities(synthetic), warnings: [], checksum: `synthetic-${synthetic}`,
  }, ['(generated)']);
  console.log(`synthetic_watchlist: ${synthetic} entities in ${fmt((performance.now() - t0) / 1000)} s`);
}
/** The environment of the bench's API key, and so of every screening it creates. */
const ENVIRONMENT = 'staging';
const { rawKey, prefix, hash } = generateApiKey(ENVIRONMENT);
await insertApiKey(db, { environment: ENVIRONMENT, name: 'bench', keyPrefix: prefix, keyHash: hash, scopes: ALL_SCOPES });

const [apiPort] = (await freePorts(1)) as [number];
const worker = await startService('worker', { ...servers.env, WORKER_TASK_QUEUES: values['worker-queues'] }, path.join(servers.dir, 'worker.log'), [...profileArgs('worker'), ...values['worker-node-args'].split(' ').filter(Boolean)], programForm);
const api = await startService('api', {
  ...servers.env, PORT: String(apiPort), RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000000', RATE_LIMIT_DEFAULT_BURST: '1000000000',
}, path.join(servers.dir, 'api.log'), [...profileArgs('api'), ...values['api-node-args'].split(' ').filter(Boolean)], programForm);
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
/** The portfolio's nth query. */
const portfolioAt = (n: number): Record<string, string> => (n % 50 === 0 ? positives[(n / 50) % positives.length]! : innocents[n % innocents.length]!);
let portfolioNo = 0;
const portfolioQuery = () => portfolioAt(portfolioNo++);
let queryNo = 0;
function nextQuery(): { query: Record<string, string>; positive: boolean } {
  const n = queryNo++;
  return n % 2 === 0 ? { query: positives[(n / 2) % positives.length]!, positive: true } : { query: negatives[((n - 1) / 2) % negatives.length]!, positive: false };
}

const headers = { 'X-Api-Key': rawKey, 'Content-Type': 'application/json' };
/**
 * The load generator shares the 2 cores with the stack it measures, so it posts through node:http on
 * keep-alive sockets: fetch cost it 0.8–1.0 ms of CPU per sync screening, node:http 0.3–0.4 (README,
 * Screening → Measured; `--client fetch` to compare). A request unanswered for 60 s fails the phase.
 */
const POST_TIMEOUT_MS = 60_000;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
async function postFetch(pathName: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}${pathName}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}
function postHttp(pathName: string, body: unknown): Promise<{ status: number; body: any }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, host: '127.0.0.1', port: apiPort, path: pathName, method: 'POST', headers: { ...headers, 'Content-Length': payload.length } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        } catch {
          reject(new Error(`POST ${pathName}: ${res.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`));
        }
      });
      res.on('error', reject);
    });
    req.setTimeout(POST_TIMEOUT_MS, () => req.destroy(new Error(`POST ${pathName}: no answer in ${POST_TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(payload);
  });
}
const post = values.client === 'fetch' ? postFetch : postHttp;

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
async function completionRate(since: Date, count: number): Promise<{ rate: number; seconds: number; lastCompletedAt: number }> {
  const deadline = Date.now() + 10 * 60_000;
  // While waiting, only the screenings still open are counted (through the status index: a few rows
  // as the phase drains), so the bench's polling costs the database little; the finished ones are
  // read once at the end.
  for (;;) {
    const open = await db.selectFrom('screenings').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('environment', '=', ENVIRONMENT).where('status', 'in', ['pending', 'processing']).where('created_at', '>=', since).executeTakeFirstOrThrow();
    if (Number(open.n) === 0 || Date.now() > deadline) {
      const row = await db.selectFrom('screenings').select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('first'), eb.fn.max('completed_at').as('last')])
        .where('environment', '=', ENVIRONMENT).where('created_at', '>=', since).where('status', 'in', ['completed', 'failed', 'not_found']).executeTakeFirstOrThrow();
      if (Number(row.n) >= count || Date.now() > deadline) {
        const secs = ((row.last as Date).getTime() - (row.first as Date).getTime()) / 1000;
        return { rate: Number(row.n) / secs, seconds: secs, lastCompletedAt: (row.last as Date).getTime() };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The event consumers (webhooks, audit chain, monitoring, workflow triggers) work behind the
 * screenings: a phase's rate stops at its last completion, while a consumer may still be reading
 * its events. This takes the log's horizon once (logHorizon: the newest event of a finished
 * transaction, where the consumers read up to) and waits until every consumer's cursor
 * (EVENT_CONSUMERS) has reached it — a consumer without a cursor row yet counts as behind — and
 * returns how long after `completedAt` that was, so the CPU a phase leaves behind is counted too.
 * Gives up after 10 minutes, and says so.
 */
async function drained(completedAt: number): Promise<{ seconds: number; timedOut: boolean }> {
  const deadline = Date.now() + 10 * 60_000;
  const horizon = await logHorizon(db);
  for (;;) {
    const behind = horizon
      ? await sql<{ n: string }>`
          select count(*) as n from unnest(${[...EVENT_CONSUMERS]}::text[]) as wanted(name)
          left join event_consumers c on c.name = wanted.name
          where c.name is null or (c.last_tx_id, c.last_sequence) < (${horizon.txId}::xid8, ${horizon.sequence}::bigint)`.execute(db)
      : { rows: [{ n: '0' }] };
    const seconds = (Date.now() - completedAt) / 1000;
    if (Number(behind.rows[0]?.n ?? 0) === 0) return { seconds, timedOut: false };
    if (Date.now() > deadline) return { seconds, timedOut: true };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Prints when the event consumers caught up, and the CPU per screening up to then. */
async function drainLine(done: { lastCompletedAt: number }, before: ReturnType<typeof cpuByTree>, count: number): Promise<void> {
  const lag = await drained(done.lastCompletedAt);
  const when = lag.timedOut ? `had NOT caught up ${fmt(lag.seconds)} s after the last completion (gave up)` : `caught up ${fmt(lag.seconds)} s after the last completion`;
  console.log(`    event consumers ${when}; CPU ms per screening with their work: ${cpuPer(before, cpuByTree(cpuRoots), count)}`);
}

type Loop = Awaited<ReturnType<typeof closedLoop>>;

/** 1. The ceiling: no-op workflows on the same server, started as the API starts screenings. */
async function noopCeiling(): Promise<{ one: Loop; eight: Loop; open: number }> {
  const connection = await NativeConnection.connect({ address: servers.temporalAddress });
  const client = new Client({ connection, namespace: 'default' });
  const taskQueue = `bench-noop-${randomBytes(3).toString('hex')}`;
  const noopWorker = await Worker.create({
    connection, namespace: 'default', taskQueue, activities: {}, enableNonLocalActivities: false,
    workflowBundle: await bundleWorkflows(fileURLToPath(new URL('../workflows/index.ts', import.meta.url))),
  });
  const noopRun = noopWorker.run();
  const noop = (eager: boolean) => async () => {
    const handle = await client.workflow.start('noopWorkflow', { taskQueue, workflowId: `bench-noop-${randomUUID()}`, requestEagerStart: eager });
    await handle.result();
  };
  try {
    await closedLoop(4, 2, noop(true));
    const one = await closedLoop(1, seconds, noop(true));
    const { result: eight, cpu } = await measured(() => closedLoop(8, seconds, noop(true)), (r) => r.latencies.length);
    const plain = await closedLoop(8, seconds, noop(false));
    // As many as the server takes: 32 starts in flight, results awaited at the end.
    const results: Promise<unknown>[] = [];
    const started = performance.now();
    await closedLoop(32, seconds, async () => {
      const handle = await client.workflow.start('noopWorkflow', { taskQueue, workflowId: `bench-noop-${randomUUID()}`, requestEagerStart: true });
      results.push(handle.result());
    });
    await Promise.all(results);
    const open = results.length / ((performance.now() - started) / 1000);
    console.log('\nceiling (no-op workflows, eager start on a worker of the starting process, same Temporal server):');
    console.log(`  one at a time:          ${fmt(one.rate)}/s  p50 ${fmt(pct(one.latencies, 0.5))} ms  p99 ${fmt(pct(one.latencies, 0.99))} ms (start + result)`);
    console.log(`  8 at once:              ${fmt(eight.rate)}/s  p50 ${fmt(pct(eight.latencies, 0.5))} ms  p99 ${fmt(pct(eight.latencies, 0.99))} ms`);
    console.log(`    CPU ms per workflow: ${cpu}`);
    console.log(`  8 at once, no eager:    ${fmt(plain.rate)}/s  p50 ${fmt(pct(plain.latencies, 0.5))} ms`);
    console.log(`  32 starts in flight:    ${fmt(open)}/s started and completed`);
    return { one, eight, open };
  } finally {
    noopWorker.shutdown();
    await noopRun;
    await connection.close();
  }
}

/** How many workflows ran the screenings created since `since` (grouped starts run several each). */
async function grouping(since: Date): Promise<string> {
  const runs = await db.selectFrom('screenings').where('created_at', '>=', since)
    .select((eb) => [eb.fn.count<string>('id').as('n'), eb.fn.count<string>('workflow_id').distinct().as('workflows')]).executeTakeFirstOrThrow();
  const n = Number(runs.n);
  const workflows = Number(runs.workflows);
  return `${n} screenings in ${workflows} workflows (${fmt(n / Math.max(1, workflows), 2)} per workflow)`;
}

/** 2. Sync screenings, one client and 8 at once. */
async function syncScreenings(): Promise<{ one: Loop; eight: Loop }> {
  const one = await closedLoop(1, seconds, syncScreening);
  const eightSince = new Date();
  const { result: eight, cpu } = await measured(() => closedLoop(8, seconds, syncScreening), (r) => r.latencies.length);
  const eightGrouping = await grouping(eightSince);
  console.log('\nsync screenings over HTTP (POST until the 201 with the result):');
  console.log(`  one client:   ${fmt(one.rate)}/s  p50 ${fmt(pct(one.latencies, 0.5))} ms  p99 ${fmt(pct(one.latencies, 0.99))} ms`);
  console.log(`  8 clients:    ${fmt(eight.rate)}/s  p50 ${fmt(pct(eight.latencies, 0.5))} ms  p99 ${fmt(pct(eight.latencies, 0.99))} ms`);
  console.log(`    CPU ms per screening: ${cpu}`);
  console.log(`    ${eightGrouping}`);
  console.log(`  UN-listed persons matched ${outcome.positivesMatched}/${outcome.positives}; invented names matched ${outcome.negativesMatched}/${outcome.negatives}; not completed ${outcome.notCompleted}`);
  return { one, eight };
}

/**
 * 2b (`--only …,wrk`, not by default): sync screenings at 8 connections from wrk (Debian's
 * /usr/bin/wrk, a C load generator), the same queries as phase 2 — the figure of phase 2 from
 * another tool than this bench's own client.
 */
async function wrkSync(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cw-wrk-'));
  try {
    await wrkSyncWith(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Phase 2b with its script and bodies in `dir`. */
async function wrkSyncWith(dir: string): Promise<void> {
  const bodies = Array.from({ length: 2000 }, () => JSON.stringify({ data: { type: 'screening/watchlist', attributes: { execution_mode: 'sync', query: nextQuery().query } } }));
  await writeFile(path.join(dir, 'bodies.jsonl'), `${bodies.join('\n')}\n`);
  await writeFile(path.join(dir, 'sync.lua'), [
    'local bodies = {}',
    'for line in io.lines(os.getenv("WRK_BODIES")) do bodies[#bodies + 1] = line end',
    'local i = 0',
    'wrk.method = "POST"',
    'wrk.headers["Content-Type"] = "application/json"',
    'wrk.headers["X-Api-Key"] = os.getenv("WRK_KEY")',
    'request = function() i = i + 1; return wrk.format(nil, "/v1/screenings", nil, bodies[(i % #bodies) + 1]) end',
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format("WRK %d %d %d %d %.1f %.1f\\n", summary.requests, e.status, e.connect + e.read + e.write + e.timeout, summary.duration,',
    '    latency:percentile(50) / 1000, latency:percentile(99) / 1000))',
    'end',
  ].join('\n'));
  const since = new Date();
  const before = cpuByTree(cpuRoots);
  const wrkBefore = exitedChildrenCpuMs();
  const { stdout: out } = await runChecked('wrk', ['-t1', '-c8', `-d${seconds}s`, '--timeout', '60s', '-s', path.join(dir, 'sync.lua'), baseUrl],
    { env: { ...process.env, WRK_BODIES: path.join(dir, 'bodies.jsonl'), WRK_KEY: rawKey } });
  const after = cpuByTree(cpuRoots);
  const wrkMs = exitedChildrenCpuMs() - wrkBefore;
  const line = out.split('\n').find((l) => l.startsWith('WRK '));
  if (!line) throw new Error(`wrk printed no summary: ${out}`);
  const [requests, refused, socketErrors, micros, p50, p99] = line.split(' ').slice(1).map(Number) as [number, number, number, number, number, number];
  // Phase 2 fails on any answer but 201; here the rate counts answered requests below 400 only, and the errors are shown.
  const answered = requests - refused;
  const completed = await db.selectFrom('screenings').where('created_at', '>=', since).where('status', '=', 'completed').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  console.log('\nsync screenings from wrk (8 connections, one thread):');
  console.log(`  ${fmt(answered / (micros / 1e6))}/s  p50 ${fmt(p50)} ms  p99 ${fmt(p99)} ms; ${requests} answered, ${refused} of them with a status ≥ 400, ${socketErrors} socket errors or timeouts; ${completed.n} screenings completed`);
  console.log(`    CPU ms per screening: ${cpuPer(before, after, Math.max(1, answered))} (bench: this process), wrk ${fmt(wrkMs / Math.max(1, answered), 2)} (${fmt(wrkMs, 0)} ms in all)`);
  console.log(`    ${await grouping(since)}`);
}

/** 3. Async screenings from 16 clients, created and completed. */
async function asyncScreenings(): Promise<number> {
  const since = new Date(Date.now() - 1);
  let created = 0;
  const before = cpuByTree(cpuRoots);
  const posts = await closedLoop(16, seconds, async () => {
    const res = await post('/v1/screenings', { data: { type: 'screening/watchlist', attributes: { query: nextQuery().query } } });
    if (res.status !== 201) throw new Error(`POST ${res.status}`);
    created += 1;
  });
  const done = await completionRate(since, created);
  console.log('\nasync screenings (16 clients posting):');
  console.log(`  accepted ${fmt(posts.rate)}/s (POST p50 ${fmt(pct(posts.latencies, 0.5))} ms); ${created} created and completed in ${fmt(done.seconds)} s: ${fmt(done.rate)}/s`);
  console.log(`    CPU ms per screening: ${cpuPer(before, cpuByTree(cpuRoots), created)}`);
  await drainLine(done, before, created);
  console.log(`    ${await grouping(since)}`);
  return done.rate;
}

/** How long a matcher-alone process may take to answer (its index build included). */
const MATCHER_REPLY_MS = 600_000;

/** The next message of a forked process; its end or an error before one, or MATCHER_REPLY_MS of silence, fails. */
function nextMessage(child: ChildProcess): Promise<MatcherAloneReply> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('close', onClose);
      child.off('error', onError);
    };
    const onMessage = (reply: MatcherAloneReply) => {
      settle();
      resolve(reply);
    };
    // 'close', not 'exit': a process may exit before its last message is delivered; 'close' waits for the channel.
    const onClose = (code: number | null) => {
      settle();
      reject(new Error(`matcher-alone process ended (${code}) before answering`));
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    const timer = setTimeout(() => onError(new Error(`matcher-alone process: no answer in ${MATCHER_REPLY_MS / 1000} s`)), MATCHER_REPLY_MS);
    child.on('message', onMessage);
    child.on('close', onClose);
    child.on('error', onError);
  });
}

/**
 * 4. The matcher alone: the batches' queries, in chunks of a batch run's size
 * (MATCH_CHUNK_SIZE), each chunk to whichever process is free, one process per core
 * (matcher-alone.child.ts), each with its own watchlist index built from the database and the
 * worker's Node flags; every process warms up first (the API's matcher is warm by the batches),
 * then all start together. The rate is wall-clock, under whatever else the machine runs; the CPU
 * per screening turned into a rate on every core is printed beside it.
 */
async function matcherAlone(): Promise<{ rate: number; cpuMs: number; processes: number }> {
  const processes = os.availableParallelism();
  const childPath = fileURLToPath(new URL('./support/matcher-alone.child.ts', import.meta.url));
  const children = Array.from({ length: processes }, () => fork(childPath, [], {
    env: { ...process.env, DATABASE_URL: servers.databaseUrl }, execArgv: [...process.execArgv, ...nodeFlags('worker')],
  }));
  try {
    const warm = [...positives.slice(0, 250), ...negatives.slice(0, 250)];
    const ready = children.map(nextMessage);
    for (const child of children) child.send({ warm } satisfies MatcherAloneRequest);
    const [first] = await Promise.all(ready);
    const indexed = first && 'entities' in first ? first.entities : 0;
    const total = batchCount * 1000;
    let next = 0;
    const totals = { screened: 0, matched: 0, cpuMs: 0 };
    const busyMs = children.map(() => 0);
    const started = performance.now();
    await Promise.all(children.map(async (child, c) => {
      while (next < total) {
        const chunk = Array.from({ length: Math.min(MATCH_CHUNK_SIZE, total - next) }, (_, k) => portfolioAt(next + k));
        next += chunk.length;
        const reply = nextMessage(child);
        child.send({ chunk } satisfies MatcherAloneRequest);
        const r = await reply;
        if (!('screened' in r)) throw new Error('matcher-alone process: an answer that is not a chunk\'s');
        totals.screened += r.screened;
        totals.matched += r.matched;
        totals.cpuMs += r.cpuMs;
        busyMs[c] = (busyMs[c] as number) + r.ms;
      }
    }));
    const wall = (performance.now() - started) / 1000;
    const rate = totals.screened / wall;
    const cpuMs = totals.cpuMs / totals.screened;
    console.log(`\nthe matcher alone (the batches' ${totals.screened} queries in chunks of ${MATCH_CHUNK_SIZE}, ${processes} processes, one per core, ${indexed} entities each, nothing stored):`);
    console.log(`  ${fmt(rate, 0)}/s (${fmt(wall)} s; each process busy ${busyMs.map((ms) => fmt(ms / 1000)).join(', ')} s), ${totals.matched} with a hit`);
    console.log(`    CPU ms per screening: ${fmt(cpuMs, 2)} (${processes} cores' worth: ${fmt((processes * 1000) / cpuMs, 0)}/s)`);
    return { rate, cpuMs, processes };
  } finally {
    // Gone before the next phase reads the CPU of the bench's process tree.
    await Promise.all(children.map((child) => (child.exitCode !== null || child.signalCode !== null ? undefined : new Promise((resolve) => {
      child.once('exit', resolve);
      if (child.connected) child.send({ stop: true } satisfies MatcherAloneRequest);
      else child.kill();
      setTimeout(() => child.kill(), 5_000).unref();
    }))));
  }
}

/** 5. Batches of 1,000 (a portfolio), 2 at once, created and completed. */
async function batches(): Promise<number> {
  const since = new Date(Date.now() - 1);
  let batched = 0;
  const before = cpuByTree(cpuRoots);
  const posts: number[] = [];
  await Promise.all(Array.from({ length: batchLanes }, async (_, lane) => {
    for (let b = lane; b < batchCount; b += batchLanes) {
      const items = Array.from({ length: 1000 }, () => ({ type: 'screening/watchlist', attributes: { query: portfolioQuery() } }));
      const s = performance.now();
      const res = await post('/v1/screenings/batch', { data: items });
      if (res.status !== 201) throw new Error(`batch POST ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
      posts.push(performance.now() - s);
      batched += items.length;
    }
  }));
  const done = await completionRate(since, batched);
  posts.sort((a, b) => a - b);
  console.log(`\nPOST /v1/screenings/batch (1,000 each, ${batchLanes} at once; a portfolio: realistic names on no list, 1 in 50 UN-listed):`);
  console.log(`  ${batched} screenings created and completed in ${fmt(done.seconds)} s: ${fmt(done.rate, 0)}/s (POST p50 ${fmt(pct(posts, 0.5))} ms)`);
  console.log(`    CPU ms per screening: ${cpuPer(before, cpuByTree(cpuRoots), batched)}`);
  await drainLine(done, before, batched);
  return done.rate;
}

try {
  // ---- warm-up: the API's index is built at start; the first screening also waits for it ----
  t0 = performance.now();
  await syncScreening();
  console.log(`first screening after start: ${fmt(performance.now() - t0)} ms`);
  await closedLoop(4, 2, syncScreening);

  const parts = (p: { anonymous: number; file: number }) => `anonymous ${fmt(p.anonymous, 0)}, file-backed ${fmt(p.file, 0)}`;
  // Peak RSS of each program while a phase runs (sampled every 100 ms, and the readings before and
  // after it; a point reading after the phase can miss the high-water mark of bulk work).
  const peak = { api: 0, worker: 0 };
  /** The highest of every phase's peak (taken as each phase ends), for the targets below. */
  const highest = { api: 0, worker: 0 };
  const sampler = setInterval(() => {
    try {
      peak.api = Math.max(peak.api, api.rssMiB());
      peak.worker = Math.max(peak.worker, worker.rssMiB());
    } catch {
      // A program that has exited has no RSS; the phase fails on its own.
    }
  }, 100);
  sampler.unref();
  const rssAfter = (label: string, now = { api: api.rssMiB(), worker: worker.rssMiB() }) =>
    console.log(`  RSS after ${label}: API ${fmt(now.api, 0)} MiB (${parts(api.rssParts())}), worker ${fmt(now.worker, 0)} MiB (${parts(worker.rssParts())})`);
  /** A phase, with the RSS after it and its peak while it ran. */
  const phase = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
    peak.api = api.rssMiB();
    peak.worker = worker.rssMiB();
    const result = await run();
    const now = { api: api.rssMiB(), worker: worker.rssMiB() };
    peak.api = Math.max(peak.api, now.api);
    peak.worker = Math.max(peak.worker, now.worker);
    highest.api = Math.max(highest.api, peak.api);
    highest.worker = Math.max(highest.worker, peak.worker);
    rssAfter(label, now);
    console.log(`  RSS peak during ${label}: API ${fmt(peak.api, 0)} MiB, worker ${fmt(peak.worker, 0)} MiB`);
    return result;
  };
  rssAfter('warm-up');
  const ceiling = phases.has('noop') ? await noopCeiling() : undefined;
  const sync = phases.has('sync') ? await phase('sync', syncScreenings) : undefined;
  if (phases.has('wrk')) await phase('wrk', wrkSync);
  const asyncRate = phases.has('async') ? await phase('async', asyncScreenings) : undefined;
  // (With synthetic entities each process would build a very large index of its own: left out.)
  const matcher = phases.has('matcher') && synthetic === 0 ? await matcherAlone() : undefined;
  const batchRate = phases.has('batch') ? await phase('batches', batches) : undefined;
  // V8 gives back heap it grew during bulk work only once a process has been quiet for a while.
  await phase(`${IDLE_SECONDS} s idle`, () => new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000)));
  clearInterval(sampler);

  console.log('\nmemory (RSS, lists loaded, after the runs):');
  console.log(`  API with its screening worker and index: ${fmt(api.rssMiB(), 0)} MiB`);
  console.log(`  worker (task queues: ${values['worker-queues']}): ${fmt(worker.rssMiB(), 0)} MiB`);

  if (ceiling) {
    const best = Math.max(ceiling.eight.rate, ceiling.open);
    console.log('\nagainst the ceiling:');
    if (sync) console.log(`  sync 8 clients / no-op 8 at once:         ${fmt(sync.eight.rate / ceiling.eight.rate, 2)}`);
    if (sync) console.log(`  sync one client / no-op one at a time:    ${fmt(sync.one.rate / ceiling.one.rate, 2)}`);
    if (asyncRate) console.log(`  async completed / best no-op rate:        ${fmt(asyncRate / best, 2)}`);
    if (batchRate) console.log(`  batch completed / best no-op rate:        ${fmt(batchRate / best, 2)}`);
  }
  // Issue 15's targets, as this run measured them (the host's speed moves every figure: read them beside the ceiling).
  const target = (label: string, measured: string, met: boolean) => console.log(`  ${label.padEnd(58)}${measured.padEnd(28)}${met ? 'met' : 'NOT met'}`);
  console.log('\nthe issue\'s targets in this run:');
  if (sync) {
    const p50 = pct(sync.one.latencies, 0.5);
    const p99 = pct(sync.one.latencies, 0.99);
    target('sync, one client: p50 ≤ 40 ms, p99 ≤ 120 ms', `${fmt(p50)} / ${fmt(p99)} ms`, p50 <= 40 && p99 <= 120);
    target('sync, 8 clients: ≥ 150/s', `${fmt(sync.eight.rate)}/s`, sync.eight.rate >= 150);
    if (ceiling) target('sync, 8 clients: ≥ 0.70 of no-op workflows 8 at once', fmt(sync.eight.rate / ceiling.eight.rate, 2), sync.eight.rate / ceiling.eight.rate >= 0.7);
  }
  if (asyncRate !== undefined) target('async, created and completed: ≥ 250/s', `${fmt(asyncRate)}/s`, asyncRate >= 250);
  if (batchRate !== undefined) target('batch, created and completed: ≥ 2,000/s', `${fmt(batchRate, 0)}/s`, batchRate >= 2000);
  if (matcher !== undefined) {
    console.log(`    in the same run, the matcher alone on every core, storing nothing: ${fmt(matcher.rate, 0)}/s; its CPU per screening, ${fmt(matcher.cpuMs, 2)} ms, is ${fmt((matcher.processes * 1000) / matcher.cpuMs, 0)}/s on ${matcher.processes} cores`);
    if (batchRate !== undefined) console.log(`    batch / the matcher alone: ${fmt(batchRate / matcher.rate, 2)}`);
  }
  // The 400 MB are 381.5 MiB (the RSS figures above are MiB).
  const mostMiB = 400e6 / 2 ** 20;
  // (The target is for the shared lists: with synthetic entities added the memory is reported above, not judged.)
  if (synthetic === 0) target('RSS of each process, every phase: ≤ 400 MB (381.5 MiB)', `API ${fmt(highest.api, 0)}, worker ${fmt(highest.worker, 0)} MiB`, Math.max(highest.api, highest.worker) <= mostMiB);
  console.log(`\nall phases: ${await grouping(new Date(0))}`);
} finally {
  await api.stop();
  await worker.stop();
  await db.destroy();
  await servers.stop();
}
process.exit(0);
