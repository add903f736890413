/**
 * Failure paths: matching that keeps failing is retried with backoff (time-skipping server) and the
 * screening is stored failed with `screening_failed`; a Temporal outage at creation answers 503 and
 * leaves the screening failed with `screening_not_started` (never pending forever).
 */
import type { Client } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchIndexCache, type IndexLookup } from '../../../activities/screening/index-cache/match-index-cache.js';
import { insertScreening } from '../../../infra/db/repositories/screenings.repository.js';
import { createScreeningActivities } from '../../../activities/screening/screening-activities.js';
import type { FeatureDeps } from '../../../api/feature-deps.js';
import { screeningRoutes } from '../../../api/screenings/screenings.routes.js';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { createObjectStorage } from '../../../infra/storage/object-storage.js';
import { screeningWorkflowId } from '../../../workflows/screening/screening.contract.js';
import { createTimeSkippingEnv } from '../../setup/temporal.js';
import { testEnv } from '../../setup/test-env.js';
import { buildTestApp } from '../../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { createTestKey } from '../../support/test-keys.js';
import { startTestServer } from '../../support/test-server.js';
import { workflowBundle } from '../../support/test-worker.js';
import { silentLogger, testConfig } from '../support/screening-test-context.js';
import { allOnOneQueue } from '../../../workflows/shared/task-queues.js';
import { testSecrets } from '../../support/test-config.js';

let env: TestWorkflowEnvironment;
let tdb: TestDatabase;
let worker: Worker;
let running: Promise<void>;
const taskQueue = `screening-failures-${Date.now()}`;

/** An index cache whose every build fails, as a broken database or out-of-memory would make it (attempts: one lookup per activity attempt). */
class BrokenCache extends MatchIndexCache {
  attempts = 0;
  override async lookup(): Promise<IndexLookup> {
    this.attempts += 1;
    const index = Promise.reject(new Error('index build failed: out of memory'));
    index.catch(() => undefined);
    return { ready: false, index };
  }
  override async get(): Promise<never> {
    throw new Error('index build failed: out of memory');
  }
}
const broken = new BrokenCache({ db: undefined as never, logger: silentLogger });

beforeAll(async () => {
  env = await createTimeSkippingEnv();
  tdb = await createTestDatabase();
  worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities: createScreeningActivities({ db: tdb.db, clock: () => new Date(), logger: silentLogger, config: testConfig() }, { cache: broken }),
  });
  running = worker.run();
});
afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
  await tdb?.destroy();
});

describe('matching keeps failing', () => {
  it('retries with backoff, then stores failed with screening_failed and its events', async () => {
    const row = await insertScreening(tdb.db, {
      environment: 'staging',
      type: 'screening/watchlist',
      executionMode: 'async',
      query: { name_first: 'Ana', name_last: 'Lima' },
      ignoreList: [],
      accountId: null,
      businessId: null,
    });
    const result = await env.client.workflow.execute('screeningWorkflow', {
      taskQueue,
      workflowId: screeningWorkflowId(row.id),
      args: [{ screeningId: row.id, environment: 'staging' }],
    });
    expect(result).toEqual({ screeningId: row.id, status: 'failed' });
    expect(broken.attempts).toBe(5);
    const stored = await tdb.db.selectFrom('screenings').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('failed');
    expect(stored.has_match).toBeNull();
    expect(stored.completed_at).not.toBeNull();
    expect(stored.errors).toEqual([
      { code: 'screening_failed', message: expect.any(String), details: { failure_type: 'Error', reason: 'index build failed: out of memory' } },
    ]);
    expect((await eventsOfResource(tdb.db, row.id)).map((e) => e.status)).toEqual(['processing', 'failed']);
  });
});

describe('Temporal unavailable at creation', () => {
  it('answers 503 screening_not_started and stores the screening failed', async () => {
    const down = { workflow: { start: async () => Promise.reject(new Error('connection refused')) } } as unknown as Client;
    const deps: FeatureDeps = {
      db: tdb.db,
      temporal: down,
      storage: createObjectStorage({ ...testEnv().s3, bucket: 'unused' }),
      clock: () => new Date(),
      logger: silentLogger,
      config: { S3_BUCKET: 'unused', OUTBOUND_ALLOWLIST: '' },
      secrets: testSecrets,
      taskQueues: allOnOneQueue(taskQueue),
    };
    const api = await startTestServer(buildTestApp({ db: tdb.db, routes: screeningRoutes(deps) }));
    try {
      const { key } = await createTestKey(tdb.db, 'production');
      const res = await api.request('POST', '/v1/screenings', { key, body: { data: { type: 'screening/watchlist', attributes: { query: { name_first: 'Ana', name_last: 'Lima' } } } } });
      expect(res.status).toBe(503);
      expect(res.body.errors[0]).toMatchObject({ status: '503', code: 'screening_not_started' });
      const [stored] = await tdb.db.selectFrom('screenings').selectAll().where('environment', '=', 'production').execute();
      expect(stored).toMatchObject({ status: 'failed' });
      expect(stored!.errors).toEqual([{ code: 'screening_not_started', message: expect.any(String), details: {} }]);
      expect((await eventsOfResource(tdb.db, stored!.id)).map((e) => e.status)).toEqual(['pending', 'failed']);
    } finally {
      await api.close();
    }
  });
});
