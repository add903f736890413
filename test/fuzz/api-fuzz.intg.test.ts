/**
 * The API fuzzed from its own OpenAPI document by schemathesis (PyPI, pinned in
 * infra/tools/versions.sh): every operation, through the examples, coverage, fuzzing and stateful
 * phases (the document links each creating POST to the operations on what it created), NUL bytes
 * allowed in generated strings. The real routes run over a test database with real workers, so
 * accepted requests go all the way through. Zero failures of not_a_server_error,
 * response_schema_conformance, status_code_conformance and content_type_conformance.
 * FUZZ_MAX_EXAMPLES (default 12) bounds the cases per operation; FUZZ_SEED picks the seed.
 */
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities } from '../../activities/index.js';
import { DEFAULT_RATE_LIMITS } from '../../api/auth/rate-limit.js';
import type { FeatureDeps } from '../../api/feature-deps.js';
import { buildRoutes } from '../../api/routes.js';
import type { Db } from '../../infra/db/create-db.js';
import { createPipelinedReadDb } from '../../infra/db/pipelined-read-db.js';
import { createObjectStorage } from '../../infra/storage/object-storage.js';
import { toolPaths } from '../../infra/local-stack/tool-paths.js';
import { testEnv } from '../setup/test-env.js';
import { buildTestApp } from '../support/test-app.js';
import { silentLogger, testConfig, testSecrets } from '../support/test-config.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { createTestKey } from '../support/test-keys.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { startTestWorkers, type TestTemporal } from '../support/test-worker.js';
import { plainReport } from './plain-report.js';

const CHECKS = ['not_a_server_error', 'response_schema_conformance', 'status_code_conformance', 'content_type_conformance'];
const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let tdb: TestDatabase;
let workers: TestTemporal;
let api: TestServer;
let key: string;
let readDb: Db | undefined;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const storage = createObjectStorage({ ...testEnv().s3, bucket: 'fuzz' });
  await storage.ensureBucket();
  const config = testConfig({ S3_BUCKET: storage.bucket, REGISTRY_TIMEOUT_MS: '2000' });
  const base = { db: tdb.db, storage, clock: () => new Date(), logger: silentLogger, config, secrets: testSecrets };
  workers = await startTestWorkers(({ client, taskQueues }) => createActivities({ ...base, fetch: globalThis.fetch, temporal: client, taskQueues }));
  // The hot reads through a pipelined Db, as api/main.ts wires them.
  readDb = createPipelinedReadDb(tdb.url);
  const deps: FeatureDeps = {
    ...base, readDb, temporal: workers.client, taskQueues: workers.taskQueues, config: { S3_BUCKET: storage.bucket, OUTBOUND_ALLOWLIST: '' },
    syncWaitMs: { screening: 2_000, business: 2_000, websiteCheck: 2_000 },
  };
  const unlimited = { perMinute: 1e9, burst: 1e9 };
  const rateLimits = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((tier) => [tier, unlimited]));
  api = await startTestServer(buildTestApp({ db: tdb.db, routes: buildRoutes(deps), rateLimits }));
  key = (await createTestKey(tdb.db, 'staging')).key;
}, 120_000);
afterAll(async () => {
  await api?.close();
  await workers?.close();
  await readDb?.destroy();
  await tdb?.destroy();
});

function runSchemathesis(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // FORCE_COLOR of any value (even "0", which CI sets for Node's tools) makes Rich force terminal
    // styling, so it is removed; the output is also stripped of escape sequences before it is read.
    const { FORCE_COLOR: _forceColor, ...env } = process.env;
    const child = spawn(path.join(toolPaths().binDir, 'schemathesis'), args, { env: { ...env, NO_COLOR: '1', TERM: 'dumb', SCHEMATHESIS_TELEMETRY: 'false' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output: stripVTControlCharacters(output) }));
  });
}

describe('fuzzing the API from its OpenAPI document', () => {
  it('no server errors and every response as documented, over every operation', async () => {
    const reportDir = mkdtempSync(path.join(os.tmpdir(), 'cw-fuzz-'));
    const started = Date.now();
    const { code, output } = await runSchemathesis([
      'run', `${api.baseUrl}/v1/openapi.json`,
      '--header', `X-Api-Key: ${key}`,
      '--checks', CHECKS.join(','),
      '--phases', 'examples,coverage,fuzzing,stateful',
      '--max-examples', String(MAX_EXAMPLES),
      '--seed', String(SEED),
      '--generation-allow-x00', 'true',
      // One worker: CPython 3.11's ast module can fail under threads ("AST constructor recursion depth
      // mismatch", raised inside hypothesis while it describes a filter), an error of the tool, not of the API.
      '--workers', '1',
      '--request-timeout', '30',
      '--report', 'junit', '--report-dir', reportDir,
      '--no-color',
    ]);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    // The JUnit report is kept for a failed run only (its folder is named below).
    if (code === 0) rmSync(reportDir, { recursive: true, force: true });
    else console.log(`[fuzz] JUnit report kept in ${reportDir}`);
    // The warnings name operations whose generated requests were mostly refused or answered 404
    // (state the fuzzer cannot know, such as a session that must exist): informative, not failures.
    const warnings = output.includes('=== WARNINGS ===') ? output.slice(output.indexOf('=== WARNINGS ==='), output.lastIndexOf('=== SUMMARY ===')) : '';
    const summary = `${warnings}${output.slice(output.lastIndexOf('SUMMARY'))}`;
    console.log(`[fuzz] schemathesis, ${MAX_EXAMPLES} examples per operation, seed ${SEED}: ${seconds} s\n${plainReport(summary)}`);
    if (code !== 0) console.log(plainReport(output.slice(-20_000)));
    expect(output).toMatch(/Operations:\s+\d+ selected/);
    expect(output).toMatch(/Stateful/);
    expect(code).toBe(0);
  }, 1_800_000);
});
