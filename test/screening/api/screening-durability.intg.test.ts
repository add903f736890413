/**
 * An acknowledged screening is never lost. The real API process (api/main.ts, with its screening
 * worker and Eager Workflow Start) answers 201 for a screening whose run it then cannot finish —
 * the list tables are locked so its local activity hangs — and is killed (SIGKILL). The record and
 * its pending event were committed before the 201; the workflow task the dead process held times
 * out, and a standalone worker polling the same queue finishes the screening.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { freePorts } from '../../../infra/local-stack/free-port.js';
import { buildPrograms } from '../../../infra/build/program-build.js';
import { programArgs } from '../../../infra/local-stack/node-entry.js';
import { startProcess, type ManagedProcess } from '../../../infra/local-stack/process-group.js';
import { isPortOpen, waitFor } from '../../../infra/local-stack/wait-for.js';
import { TASK_QUEUES, type TaskQueueNames } from '../../../workflows/shared/task-queues.js';
import { testEnv } from '../../setup/test-env.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { createTestKey } from '../../support/test-keys.js';
import { startTestWorkers, type TestTemporal } from '../../support/test-worker.js';
import { repoRoot } from '../support/list-files.js';
import { importRealLists, screeningActivitiesFor } from '../support/screening-test-context.js';

let tdb: TestDatabase;
let api: ManagedProcess | undefined;
let standby: TestTemporal | undefined;
let baseUrl: string;
/** The killed API's output (removed with the test's other leftovers). */
const apiLog = path.join(os.tmpdir(), `clearwatch-durability-api-${process.pid}.log`);
let failed = false;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await importRealLists(tdb.db, 'un_sc_2026-02-27');
  const env = testEnv();
  const [port] = (await freePorts(1)) as [number];
  baseUrl = `http://127.0.0.1:${port}`;
  api = startProcess({
    name: 'api-under-test',
    command: process.execPath,
    // Compiled, as npm start runs it.
    args: programArgs(repoRoot, 'api', [], (await buildPrograms(repoRoot)).dir, {}),
    cwd: repoRoot,
    logFile: apiLog,
    env: {
      ...process.env,
      DATABASE_URL: tdb.url, TEMPORAL_ADDRESS: env.temporalAddress, TEMPORAL_NAMESPACE: env.temporalNamespace,
      S3_ENDPOINT: env.s3.endpoint, S3_ACCESS_KEY: env.s3.accessKey, S3_SECRET_KEY: env.s3.secretKey, S3_BUCKET: `durability-${randomBytes(3).toString('hex')}`,
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', SCREENING_WORKER_IN_API: 'true',
    },
  });
  await waitFor('api', () => isPortOpen('127.0.0.1', port), { process: api, timeoutMs: 120_000 });
}, 180_000);

afterAll(async () => {
  await api?.stop(5000);
  await standby?.close();
  await tdb?.destroy();
  // Kept when a test failed, to read what the killed API did.
  if (failed) console.log(`[durability] the API's log is kept in ${apiLog}`);
  else rmSync(apiLog, { force: true });
});

afterEach((context) => {
  if (context.task.result?.state === 'fail') failed = true;
});

describe('durability of acknowledged screenings', () => {
  it('a screening acknowledged by an API process that dies before running it is finished by another worker', async () => {
    const { key } = await createTestKey(tdb.db, 'staging');
    const post = (mode: 'sync' | 'async') =>
      fetch(`${baseUrl}/v1/screenings`, {
        method: 'POST',
        headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { type: 'screening/watchlist', attributes: { execution_mode: mode, query: { name_first: 'Jean-Marie Lugerero', name_last: 'Rukunda' } } } }),
      });
    // The API's own worker runs screenings: one runs to completion while nothing is in its way.
    const warm = await post('sync');
    expect(warm.status).toBe(201);
    expect(((await warm.json()) as { data: { attributes: { status: string } } }).data.attributes.status).toBe('completed');

    // Hold the list tables: the API process's run of the next screening hangs on them.
    const blocker = new pg.Client({ connectionString: tdb.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table list_versions in access exclusive mode');
    let id: string;
    try {
      const res = await post('async');
      expect(res.status).toBe(201);
      id = ((await res.json()) as { data: { id: string } }).data.id;
      // Acknowledged: the record and its pending event are committed.
      const row = await tdb.db.selectFrom('screenings').select(['status', 'workflow_id']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
      expect((await eventsOfResource(tdb.db, id)).map((e) => e.type)).toEqual(['screening.pending']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.kill(api!.pid, 'SIGKILL');
      await api!.exited;
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }

    // A standalone worker polling the same queue takes the workflow over.
    const unique = Object.fromEntries(Object.keys(TASK_QUEUES).map((k) => [k, `test-${k}-${randomBytes(4).toString('hex')}`])) as TaskQueueNames;
    standby = await startTestWorkers(screeningActivitiesFor(tdb.db), { taskQueues: { ...unique, screeningRuns: TASK_QUEUES.screeningRuns } });
    const deadline = Date.now() + 90_000;
    let final;
    do {
      await new Promise((resolve) => setTimeout(resolve, 250));
      final = await tdb.db.selectFrom('screenings').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    } while (final.status === 'pending' || final.status === 'processing' ? Date.now() < deadline : false);
    expect(final.status).toBe('completed');
    expect(final.has_match).toBe(true);
    expect((await eventsOfResource(tdb.db, id!)).map((e) => e.type)).toEqual(['screening.pending', 'screening.processing', 'screening.completed']);
  }, 150_000);
});
