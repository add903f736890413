/**
 * Workflow execution throughput and latency to outcome: HTTP POST /v1/workflows/execute → API (in
 * process) → PostgreSQL → Temporal (dev server) → interpreter workflow → screening as a child
 * workflow → condition → outcome, with the real lists under ../shared/data/lists loaded. Starts
 * its own PostgreSQL, MinIO and Temporal (as the tests do); rate limits lifted.
 *   bash infra/tools/run.sh bench/workflow-executions.ts [--seconds 20] [--concurrency 8]
 * Inputs: half UN-listed persons (declined), half invented names (approved).
 * Prints: executions per second, and p50/p90/p99 from POST to the outcome (the run's end awaited on
 * its workflow result, then the status read once over HTTP).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import { createBusinessLookupActivities } from '../activities/businesses/lookup/business-lookup.activities.js';
import { importListDirectory } from '../activities/screening/list-store/import-list-files.js';
import { parseUnXml } from '../activities/screening/lists/parsers/un-xml.parser.js';
import { createScreeningActivities } from '../activities/screening/screening-activities.js';
import { createUserWorkflowActivities } from '../activities/user-workflows/user-workflow.activities.js';
import { createWebsiteCheckActivities } from '../activities/website-checks/website-check.activities.js';
import { generateApiKey } from '../api/auth/api-key.js';
import { ALL_SCOPES } from '../api/auth/scopes.js';
import { workflowRoutes } from '../api/workflows/workflows.routes.js';
import { createScratchDatabase } from '../infra/db/scratch-database.js';
import { insertApiKey } from '../infra/db/repositories/api-keys.repository.js';
import { ensureTools } from '../infra/local-stack/tool-installer.js';
import { createLogger } from '../infra/logger/logger.js';
import { silentTemporalLogger } from '../infra/logger/temporal-runtime-logger.js';
import { createObjectStorage } from '../infra/storage/object-storage.js';
import { startTestServices } from '../test/setup/test-services.js';
import { workflowExecutionWorkflowId } from '../workflows/workflow-execution/workflow-execution.contract.js';
import { startInProcessStack } from './support/in-process-stack.js';
import { percentile } from './support/percentile.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '20' }, concurrency: { type: 'string', default: '8' } } });
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const listsDir = path.resolve(import.meta.dirname, '../../shared/data/lists');
const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn', name: 'bench' });
Runtime.install({ telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR' }) } }, logger: silentTemporalLogger });
const fmt = (n: number) => n.toFixed(1);

const services = await startTestServices(await ensureTools());
const env = services.values;
const scratch = await createScratchDatabase(env.databaseAdminUrl, { prefix: 'cw_bench', poolSize: 20, applicationName: 'clearwatch-bench' });
const db = scratch.db;
await importListDirectory({ db, logger, clock: () => new Date() }, listsDir);

const stack = await startInProcessStack({
  env, db, databaseUrl: scratch.url, storage: createObjectStorage({ ...env.s3, bucket: 'bench' }), logger, name: 'workflows',
  activities: (config) => {
    const base = { db, clock: () => new Date(), logger, config, fetch: globalThis.fetch };
    return { ...createScreeningActivities(base), ...createBusinessLookupActivities(base), ...createUserWorkflowActivities(base), ...createWebsiteCheckActivities(base) };
  },
  routes: workflowRoutes,
  maxConcurrentActivityTaskExecutions: 50,
});
const { rawKey, prefix, hash } = generateApiKey('staging');
await insertApiKey(db, { environment: 'staging', name: 'bench', keyPrefix: prefix, keyHash: hash, scopes: ALL_SCOPES });
const call = async (method: string, url: string, body?: unknown) => {
  const res = await fetch(`${stack.baseUrl}${url}`, { method, headers: { 'X-Api-Key': rawKey, 'Content-Type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as any };
};

const definition = {
  start: 'screen',
  steps: {
    screen: { type: 'screening', screening_type: 'screening/watchlist', query: { name_first: { var: 'input.first_name' }, name_last: { var: 'input.last_name' } }, next: 'check' },
    check: { type: 'condition', if: { var: 'steps.screen.has_match' }, then: 'decline', else: 'approve' },
    approve: { type: 'outcome', outcome: 'approved' },
    decline: { type: 'outcome', outcome: 'declined' },
  },
};
const created = await call('POST', '/v1/workflows', { data: { type: 'workflow', attributes: { name: 'bench', definition } } });
const workflowId = created.body.data.id as string;
await call('POST', `/v1/workflows/${workflowId}/deploy`);
await call('PUT', `/v1/workflows/${workflowId}/state`, { data: { attributes: { state: 'active' } } });

const un = await parseUnXml(
  { name: 'UN', text: await readFile(path.join(listsDir, 'un_sc_2026-02-27/UN_consolidated.xml'), 'utf8') },
  { slug: 'un_sc_sanctions', name: 'UN', url: '', list_type: 'sanctions', country_code: null, flag_code: null },
);
const positives = un.entities.filter((e) => e.kind === 'person' && e.names[0]?.first && e.names[0]?.last).map((e) => ({ first_name: e.names[0]!.first!, last_name: e.names[0]!.last! }));
const invented = ['Kalimero Tandorsa', 'Venmira Lotabor', 'Quafizel Harunik', 'Gorpelen Mitasar', 'Ruboteka Zelvanor'].map((n) => ({ first_name: `${n.split(' ')[0]}o`, last_name: `${n.split(' ')[1]}ström` }));

// The end of a run is awaited on its workflow's result (one long poll), not by hammering the
// status route; the outcome is then read back over HTTP once, as a client would.
const temporalConnection = await Connection.connect({ address: env.temporalAddress });
const temporal = new Client({ connection: temporalConnection, namespace: env.temporalNamespace });
async function run(input: { first_name: string; last_name: string }): Promise<string | null> {
  const res = await call('POST', '/v1/workflows/execute', { data: { type: 'workflow_execution', attributes: { workflow_id: workflowId, input } } });
  if (res.status !== 201) throw new Error(`execute ${res.status}: ${JSON.stringify(res.body)}`);
  await temporal.workflow.getHandle(workflowExecutionWorkflowId(res.body.data.id)).result();
  const status = await call('GET', `/v1/workflows/status/${res.body.data.id}`);
  return status.body.data.attributes.outcome;
}

let t0 = performance.now();
await run(positives[0]!);
console.log(`first execution (includes the worker's index build): ${fmt(performance.now() - t0)} ms`);

const latencies: number[] = [];
const tally = { declinedListed: 0, listed: 0, approvedInvented: 0, invented: 0, other: 0 };
let n = 0;
t0 = performance.now();
const deadline = t0 + seconds * 1000;
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (performance.now() < deadline) {
    const i = n++;
    const listed = i % 2 === 0;
    const input = listed ? positives[(i / 2) % positives.length]! : invented[((i - 1) / 2) % invented.length]!;
    const started = performance.now();
    const outcome = await run(input);
    latencies.push(performance.now() - started);
    if (listed) (tally.listed += 1), outcome === 'declined' && (tally.declinedListed += 1);
    else (tally.invented += 1), outcome === 'approved' && (tally.approvedInvented += 1);
    if (outcome !== 'approved' && outcome !== 'declined') tally.other += 1;
  }
}));
const elapsed = (performance.now() - t0) / 1000;
latencies.sort((a, b) => a - b);
const q = (p: number) => percentile(latencies, p);
console.log(`screening + condition workflow, concurrency ${concurrency}, ${fmt(elapsed)} s: ${latencies.length} executions, ${fmt(latencies.length / elapsed)} executions/s`);
console.log(`  POST → outcome read back: p50 ${fmt(q(0.5))} ms, p90 ${fmt(q(0.9))} ms, p99 ${fmt(q(0.99))} ms, max ${fmt(q(1))} ms`);
console.log(`  UN-listed persons declined ${tally.declinedListed}/${tally.listed}; invented names approved ${tally.approvedInvented}/${tally.invented}; other outcomes ${tally.other}`);

await temporalConnection.close();
await stack.close();
await scratch.destroy();
await services.stop();
process.exit(0);
