import { randomUUID, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@temporalio/client';
import { NativeConnection, Worker, bundleWorkflowCode, Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import { freePorts } from '../../infra/local-stack/free-port.js';
import { startTemporalDevServer } from '../../infra/local-stack/temporal.server.js';
import { ensureTools } from '../../infra/local-stack/tool-installer.js';
import { silentTemporalLogger } from '../../infra/logger/temporal-runtime-logger.js';
import { resourceSearchAttributes } from '../../workflows/shared/search-attributes.js';

Runtime.install({ telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR' }) } }, logger: silentTemporalLogger });
const tools = await ensureTools();
const dir = mkdtempSync(path.join(os.tmpdir(), 'cw-exp-'));
const [port] = await freePorts(1);
const server = await startTemporalDevServer({ cliPath: tools.temporalCli, port: port!, logFile: path.join(dir, 't.log') });
const nc = await NativeConnection.connect({ address: server.address });
const client = new Client({ connection: nc as never, namespace: 'default' });
const taskQueue = `exp-${randomBytes(3).toString('hex')}`;
const bundle = await bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('../../workflows/index.ts', import.meta.url)), logger: silentTemporalLogger });
const worker = await Worker.create({ connection: nc, namespace: 'default', taskQueue, workflowBundle: bundle, activities: {} });
const run = worker.run();

async function loop(label: string, seconds: number, concurrency: number, opts: { eager: boolean; wait: boolean; sa: boolean }) {
  const lat: number[] = [];
  let eagerCount = 0;
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      const s = performance.now();
      const id = `exp-${randomUUID()}`;
      const h = await client.workflow.start('noopWorkflow', { taskQueue, workflowId: id, requestEagerStart: opts.eager, ...(opts.sa ? { typedSearchAttributes: resourceSearchAttributes('x', id, 'staging') } : {}) });
      if ((h as { eagerlyStarted?: boolean }).eagerlyStarted) eagerCount++;
      if (opts.wait) await h.result();
      lat.push(performance.now() - s);
    }
  }));
  const took = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!.toFixed(1);
  console.log(`${label.padEnd(40)} c=${concurrency} n=${lat.length} ${(lat.length / took).toFixed(0)}/s p50 ${q(0.5)} p99 ${q(0.99)} eager=${eagerCount}`);
}
await loop('warm', 3, 4, { eager: false, wait: true, sa: false });
for (const c of [1, 8]) {
  await loop('normal start + result', 8, c, { eager: false, wait: true, sa: true });
  await loop('eager start + result', 8, c, { eager: true, wait: true, sa: true });
  await loop('eager start, no result wait', 8, c, { eager: true, wait: false, sa: true });
  await loop('eager start no SA + result', 8, c, { eager: true, wait: true, sa: false });
}
worker.shutdown(); await run; await nc.close(); await server.stop();
process.exit(0);
