/**
 * Authenticated GET throughput and latency on a running stack (`npm start`).
 *   bash infra/tools/run.sh bench/api-authenticated-get.ts [--path /v1/screenings?page[size]=10] [--seconds 10] [--concurrency 16]
 * Uses BASE_URL (default http://127.0.0.1:3000) and the staging key from .data/dev-api-keys.json
 * (or API_KEY). Baseline in the same run: GET /healthz (no auth, no database). The default rate
 * limit (300/min) would turn most requests into 429s: start the stack with
 * RATE_LIMIT_DEFAULT_PER_MINUTE=10000000 RATE_LIMIT_DEFAULT_BURST=10000000 to measure the full path.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/v1/screenings?page[size]=10' },
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
  },
});
const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const apiKey =
  process.env.API_KEY ??
  (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../.data/dev-api-keys.json'), 'utf8')) as { staging: string }).staging;
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

async function load(target: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}${target}`, { headers });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { rps: latencies.length / seconds, p50: q(0.5), p99: q(0.99), statuses: Object.fromEntries(statuses) };
}

// warm-up
await load('/healthz', {});
const baseline = await load('/healthz', {});
const authed = await load(values.path!, { 'X-Api-Key': apiKey });
const fmt = (r: typeof baseline) => `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, statuses ${JSON.stringify(r.statuses)}`;
console.log(`concurrency ${concurrency}, ${seconds} s each, ${baseUrl}`);
console.log(`baseline GET /healthz:            ${fmt(baseline)}`);
console.log(`authenticated GET ${values.path}: ${fmt(authed)}`);
console.log(`ratio authenticated/baseline throughput: ${(authed.rps / baseline.rps).toFixed(3)}`);
