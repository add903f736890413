/**
 * Authenticated GET throughput and latency on a running stack (`npm start`), driven by wrk (the
 * Debian package, installed on first use) so the load generator is native code, not a second
 * Node event loop competing with the API for the same cores.
 *   bash infra/tools/run.sh bench/api-authenticated-get.ts [--path '/v1/screenings?page[size]=10'] [--seconds 10] [--connections 32] [--threads 1] [--rounds 3] [--seed-screenings 10]
 * The API address comes from BASE_URL, else from the running stack's record (.data/stack.json);
 * the key from API_KEY, else the staging key in .data/dev-api-keys.json. Baseline in the same
 * run: GET /healthz (no auth, no database), alternated with the authenticated path for --rounds
 * rounds so a busy machine slows both alike. Prints each round, and the median ratio. The default rate limit
 * (300/min) would turn most requests into 429s: start the stack with
 * RATE_LIMIT_DEFAULT_PER_MINUTE=1000000000 RATE_LIMIT_DEFAULT_BURST=1000000000 to measure the full path.
 * The figures depend on what the page holds: the bench prints how many items it returned, and
 * `--seed-screenings N` first creates async screenings (with the key's environment) until the
 * screening list holds N — on a fresh stack the list is empty and a page costs much less.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDebianPackages } from '../infra/local-stack/apt-packages.installer.js';
import { runChecked } from '../infra/local-stack/run-command.js';
import { withStackDefaults } from '../infra/local-stack/stack-file.js';
import { toolPaths } from '../infra/local-stack/tool-paths.js';

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/v1/screenings?page[size]=10' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    threads: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '3' },
    'seed-screenings': { type: 'string', default: '0' },
  },
});
const dataDir = toolPaths().dataDir;
const env = withStackDefaults(process.env, dataDir);
const baseUrl = env.BASE_URL ?? 'http://127.0.0.1:3000';
const apiKey = env.API_KEY ?? (JSON.parse(readFileSync(path.join(dataDir, 'dev-api-keys.json'), 'utf8')) as { staging: string }).staging;

interface WrkResult {
  rps: number;
  p50: string;
  p99: string;
  requests: number;
  non2xx: number;
  errors: string;
}

function parseWrk(output: string): WrkResult {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? NaN);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: /^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? '?',
    p99: /^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? '?',
    requests: number(/(\d+) requests in/),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0),
    errors: /Socket errors:[^\n]*/.exec(output)?.[0] ?? 'no socket errors',
  };
}

async function wrk(target: string, headers: Record<string, string>, seconds: number): Promise<WrkResult> {
  const args = ['-t', values.threads!, '-c', values.connections!, '-d', `${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await runChecked('wrk', [...args, `${baseUrl}${target}`]);
  return parseWrk(stdout);
}

/** Items one GET of `target` returns. */
async function itemsOf(target: string): Promise<number> {
  const response = await fetch(`${baseUrl}${target}`, { headers: { 'X-Api-Key': apiKey } });
  if (!response.ok) throw new Error(`GET ${target}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data?: unknown[] }).data?.length ?? 0;
}

const seed = Number(values['seed-screenings']);
if (seed > 0) {
  const have = await itemsOf('/v1/screenings?page[size]=100');
  for (let i = have; i < seed; i += 1) {
    const response = await fetch(`${baseUrl}/v1/screenings`, {
      method: 'POST',
      headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { type: 'screening/watchlist', attributes: { query: { name_first: `Bench${i}`, name_last: 'Person' } } } }),
    });
    if (response.status !== 201) throw new Error(`POST /v1/screenings: ${response.status} ${await response.text()}`);
  }
  console.log(`seeded ${Math.max(0, seed - have)} screening(s); the list had ${have}`);
}

await ensureDebianPackages(['wrk']);
console.log(`GET ${values.path} returns ${await itemsOf(values.path!)} item(s) per page`);
const seconds = Number(values.seconds);
const fmt = (r: WrkResult) => `${r.rps.toFixed(0)} req/s, p50 ${r.p50}, p99 ${r.p99}, ${r.requests} requests, non-2xx ${r.non2xx}, ${r.errors}`;
// Warm-up: JIT, connection pools, the key cache and the lease sizes.
await wrk('/healthz', {}, 2);
await wrk(values.path!, { 'X-Api-Key': apiKey }, 2);
const ratios: number[] = [];
console.log(`wrk, ${values.threads} thread(s), ${values.connections} connections, ${seconds} s each, ${baseUrl}`);
for (let round = 1; round <= Number(values.rounds); round++) {
  const baseline = await wrk('/healthz', {}, seconds);
  const authed = await wrk(values.path!, { 'X-Api-Key': apiKey }, seconds);
  ratios.push(authed.rps / baseline.rps);
  console.log(`round ${round}: baseline GET /healthz:            ${fmt(baseline)}`);
  console.log(`round ${round}: authenticated GET ${values.path}: ${fmt(authed)}`);
  console.log(`round ${round}: ratio ${(authed.rps / baseline.rps).toFixed(3)}`);
  if (authed.non2xx > 0) console.log('WARNING: some authenticated requests did not answer 2xx (rate limit not raised?); the ratio overstates the real path');
}
ratios.sort((a, b) => a - b);
console.log(`ratio authenticated/baseline throughput (median of ${ratios.length}): ${ratios[Math.floor(ratios.length / 2)]!.toFixed(3)}`);
