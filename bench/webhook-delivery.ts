/**
 * Webhook delivery throughput: a burst of events committed to the event log, relayed to one
 * webhook endpoint and delivered to a loopback receiver, through the real relay workflow and the
 * real delivery engine (worker in this process; PostgreSQL and the Temporal dev server as the
 * tests start them). Prints events/s delivered, p50/p99 from commit to receipt, events lost and
 * duplicates, first with a healthy receiver and then with one failing 20 % of requests (retried on
 * a compressed schedule, 1 s doubling, so the run ends in seconds rather than hours).
 * Baselines measured in the same run: plain HTTP POSTs to the same receiver with the same
 * concurrency (the ceiling of any delivery engine here), and no-op workflows started and completed
 * per second on the same Temporal server (what a workflow-per-event design would be bound by).
 *   bash infra/tools/run.sh bench/webhook-delivery.ts [--events 10000] [--batch 500]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Runtime, Worker, bundleWorkflowCode, makeTelemetryFilterString } from '@temporalio/worker';
import { fileURLToPath } from 'node:url';
import { createActivities } from '../activities/index.js';
import { systemActor } from '../activities/events/actor.model.js';
import { recordEvents, type AnyNewEvent } from '../activities/events/record-event.js';
import { createWebhookConfig } from '../activities/webhooks/webhook-config.transitions.js';
import { loadConfig } from '../infra/config/config.js';
import { createSecretBox } from '../infra/crypto/secret-box.js';
import { createScratchDatabase } from '../infra/db/scratch-database.js';
import { ensureTools } from '../infra/local-stack/tool-installer.js';
import { createLogger } from '../infra/logger/logger.js';
import { silentTemporalLogger, temporalRuntimeLogger } from '../infra/logger/temporal-runtime-logger.js';
import { createObjectStorage } from '../infra/storage/object-storage.js';
import { ensureSearchAttributes } from '../infra/temporal/temporal-client.js';
import { startTestServices } from '../test/setup/test-services.js';
import { EVENT_RELAY_WORKFLOW_TYPE } from '../workflows/event-relay/event-relay.contract.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../workflows/shared/search-attributes.js';
import { allOnOneQueue } from '../workflows/shared/task-queues.js';

const { values } = parseArgs({ options: { events: { type: 'string', default: '10000' }, batch: { type: 'string', default: '500' } } });
const total = Number(values.events);
const batchSize = Number(values.batch);
Runtime.install({ telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR' }) } }, logger: process.env.BENCH_TEMPORAL_LOGS ? temporalRuntimeLogger(createLogger({ level: 'warn', name: 'temporal' }), 'WARN') : silentTemporalLogger });
const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn', name: 'bench' });
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

// ---- the receiver ----
const receipts = new Map<string, number>();
let duplicates = 0;
let failRate = 0;
let requests = 0;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    requests += 1;
    if (failRate > 0 && Math.random() < failRate) {
      res.writeHead(500).end();
      return;
    }
    const id = String(req.headers['webhook-id'] ?? '');
    if (id) {
      if (receipts.has(id)) duplicates += 1;
      else receipts.set(id, Date.now());
    }
    res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 30_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

// ---- servers, database, worker ----
const services = await startTestServices(await ensureTools());
const env = services.values;
const scratch = await createScratchDatabase(env.databaseAdminUrl, { prefix: 'cw_bench', poolSize: 20, applicationName: 'clearwatch-bench' });
const db = scratch.db;
const storage = createObjectStorage({ ...env.s3, bucket: `bench-webhooks-${randomBytes(3).toString('hex')}` });
const taskQueues = allOnOneQueue(`bench-webhooks-${randomBytes(3).toString('hex')}`);
const connection = await Connection.connect({ address: env.temporalAddress });
await ensureSearchAttributes(connection, env.temporalNamespace, SEARCH_ATTRIBUTE_KEYS);
const client = new Client({ connection, namespace: env.temporalNamespace });
const nativeConnection = await NativeConnection.connect({ address: env.temporalAddress });
const workflowBundle = await bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('../workflows/index.ts', import.meta.url)), logger: silentTemporalLogger });
const secrets = createSecretBox(randomBytes(32).toString('base64'));

async function runWorker(retrySchedule: string) {
  const config = loadConfig({
    DATABASE_URL: scratch.url, TEMPORAL_ADDRESS: env.temporalAddress, S3_ENDPOINT: env.s3.endpoint, S3_ACCESS_KEY: env.s3.accessKey, S3_SECRET_KEY: env.s3.secretKey,
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'), OUTBOUND_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: retrySchedule,
  });
  const worker = await Worker.create({
    connection: nativeConnection, namespace: env.temporalNamespace, taskQueue: taskQueues.events, workflowBundle,
    activities: createActivities({ db, storage, clock: () => new Date(), logger, fetch: globalThis.fetch, config, secrets, temporal: client, taskQueues }),
  });
  return { worker, running: worker.run() };
}

// ---- baselines ----
async function plainPosts(n: number, concurrency: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const body = JSON.stringify({ type: 'screening.completed', timestamp: new Date().toISOString(), data: { type: 'screening/watchlist', id: randomUUID(), environment: 'staging', attributes: {} } });
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next++ < n) {
      await new Promise<void>((resolve, reject) => {
        const req = http.request(receiverUrl, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', reject);
        req.end(body);
      });
    }
  }));
  agent.destroy();
  return n / ((performance.now() - started) / 1000);
}

async function noopWorkflowsPerSecond(n: number): Promise<number> {
  const started = performance.now();
  const handles = await Promise.all(Array.from({ length: n }, (_, i) => client.workflow.start('noopWorkflow', { taskQueue: taskQueues.events, workflowId: `bench-noop-${randomUUID()}-${i}` })));
  await Promise.all(handles.map((h) => h.result()));
  return n / ((performance.now() - started) / 1000);
}

// ---- one burst ----
async function burst(label: string, fail: number, retrySchedule: string) {
  const { worker, running } = await runWorker(retrySchedule);
  const relayId = `bench-relay-${randomUUID()}`;
  // A new relay: its cursor starts at the end of the log, so earlier runs' events are not resent.
  await db.insertInto('event_consumers').values({ name: 'webhooks' }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const head = await db.selectFrom('events').select(['tx_id', 'sequence']).orderBy('tx_id', 'desc').orderBy('sequence', 'desc').limit(1).executeTakeFirst();
  if (head) await db.updateTable('event_consumers').set({ last_tx_id: head.tx_id, last_sequence: head.sequence }).where('name', '=', 'webhooks').execute();
  await client.workflow.start(EVENT_RELAY_WORKFLOW_TYPE, { workflowId: relayId, taskQueue: taskQueues.events, args: [{ consumer: 'webhooks' }] });
  const config = await createWebhookConfig(db, systemActor('bench'), secrets, {
    id: randomUUID(), environment: 'staging', resourceType: 'screening', url: receiverUrl, subscribedStatuses: ['completed'], isActive: true, at: new Date(Date.now() - 60_000),
  });
  receipts.clear();
  duplicates = 0;
  requests = 0;
  failRate = fail;
  const committedAt = new Map<string, number>();
  const started = Date.now();
  for (let i = 0; i < total; i += batchSize) {
    const events: AnyNewEvent[] = Array.from({ length: Math.min(batchSize, total - i) }, () => ({
      type: 'screening.completed', environment: 'staging', resourceId: randomUUID(),
      payload: { screening_type: 'screening/watchlist', status: 'completed', execution_mode: 'async', has_match: false, matched_list_slugs: [], error_codes: [], account_id: null, business_id: null, monitor: false, origin: 'api', monitored_screening_id: null },
    }));
    const ids = await db.transaction().execute((trx) => recordEvents(trx, systemActor('bench'), events));
    const at = Date.now();
    for (const id of ids) committedAt.set(id, at);
  }
  const committed = Date.now();
  const deadline = Date.now() + 10 * 60_000;
  const settled = async () => {
    if (receipts.size >= total) return true;
    const open = await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('n')).where('endpoint_id', '=', config.row.id).where('status', '=', 'pending').executeTakeFirstOrThrow();
    return Number(open.n) === 0 && receipts.size + (await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('n')).where('endpoint_id', '=', config.row.id).where('status', '=', 'failed').executeTakeFirstOrThrow().then((r) => Number(r.n))) >= total;
  };
  while (!(await settled()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  const finished = Math.max(...receipts.values());
  const latencies = [...receipts.entries()].map(([id, at]) => at - (committedAt.get(id) ?? at)).sort((a, b) => a - b);
  const missing = [...committedAt.keys()].filter((id) => !receipts.has(id));
  // Failed for good: the receiver refused every attempt of the schedule (counted apart from losses).
  const exhausted = missing.length === 0 ? [] : await db.selectFrom('webhook_deliveries').select(['message_id', 'attempts']).where('message_id', 'in', missing).where('status', '=', 'failed').execute();
  const lost = missing.length - exhausted.length;
  if (lost > 0) {
    const rows = await db.selectFrom('webhook_deliveries').select(['message_id', 'status', 'attempts', 'next_attempt_at', 'last_status_code', 'last_error']).where('message_id', 'in', missing.slice(0, 20)).execute();
    console.log(`not delivered and not failed: ${lost}; their deliveries: ${JSON.stringify(rows)}`);
  }
  const attempts = await db.selectFrom('webhook_delivery_attempts').select((eb) => eb.fn.countAll<string>().as('n')).where('endpoint_id', '=', config.row.id).executeTakeFirstOrThrow();
  console.log(
    `${label.padEnd(24)} events=${total}  committed in ${((committed - started) / 1000).toFixed(1)} s  delivered=${receipts.size}  failed after every attempt=${exhausted.length}  lost=${lost}  duplicates=${duplicates}  ` +
    `events/s=${(receipts.size / ((finished - started) / 1000)).toFixed(0)}  commit→receipt p50=${pct(latencies, 50)} ms p99=${pct(latencies, 99)} ms  ` +
    `requests=${requests} attempts recorded=${attempts.n}`,
  );
  await client.workflow.getHandle(relayId).terminate('bench done');
  // The next burst has its own endpoint; this one must not receive its events too.
  await db.updateTable('webhook_configs').set({ is_active: false }).where('id', '=', config.row.id).execute();
  failRate = 0;
  worker.shutdown();
  await running;
  return receipts.size / ((finished - started) / 1000);
}

try {
  const ceiling = await plainPosts(Math.min(total, 10_000), 32);
  console.log(`baseline: plain keep-alive POSTs to the receiver, 32 at once: ${ceiling.toFixed(0)}/s`);
  const { worker, running } = await runWorker('1s');
  await noopWorkflowsPerSecond(50);
  const noops = await noopWorkflowsPerSecond(500);
  worker.shutdown();
  await running;
  console.log(`baseline: no-op workflows started and completed on this Temporal server: ${noops.toFixed(0)}/s (a workflow per event would take ≥ ${(total / noops).toFixed(0)} s for ${total} events)`);
  const healthy = await burst('healthy receiver', 0, '1s,2s,4s,8s,16s,32s,64s');
  const failing = await burst('20 % of answers 500', 0.2, '1s,2s,4s,8s,16s,32s,64s');
  console.log(`ratios to the plain-POST baseline: healthy ${(healthy / ceiling).toFixed(2)}, failing ${(failing / ceiling).toFixed(2)}`);
} finally {
  server.close();
  await nativeConnection.close();
  await connection.close();
  await scratch.destroy();
  await services.stop();
}
