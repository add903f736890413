// The API's own screening worker (worker/embedded-screening-worker.ts) failing while the API
// serves: the failure is logged and the process goes on (before, the Worker's run promise had no
// handler until shutdown, so its rejection ended the process as an unhandled rejection).
import { NativeConnection, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FinishedScreenings } from '../../activities/screening/finished-screenings.model.js';
import { startEmbeddedScreeningWorker } from '../../worker/embedded-screening-worker.js';
import { testEnv } from '../setup/test-env.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import '../support/test-worker.js';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await tdb?.destroy();
});

describe('embedded screening worker', () => {
  it('logs a Worker that fails while running, and the process goes on', async () => {
    let fail: (error: Error) => void = () => undefined;
    const fake = {
      run: () => new Promise<void>((_, reject) => (fail = reject)),
      getState: () => 'FAILED',
      shutdown: vi.fn(),
    };
    vi.spyOn(Worker, 'create').mockResolvedValue(fake as unknown as Worker);
    const errors: unknown[][] = [];
    const logger = { error: (...a: unknown[]) => errors.push(a), warn: vi.fn(), info: vi.fn(), debug: vi.fn(), child: () => logger } as never;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const env = testEnv();
      const finished = new FinishedScreenings();
      const embedded = await startEmbeddedScreeningWorker({ address: env.temporalAddress, namespace: env.temporalNamespace, taskQueue: 'test-embedded-failing', db: tdb.db, logger, workflowBundle: { codePath: '/nonexistent-bundle.js' }, finished });
      expect(finished.active).toBe(true);
      fail(new Error('Workflow Worker Thread exited while there were still pending completions'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      // Sync requests no longer wait for rows from it.
      expect(finished.active).toBe(false);
      expect(errors.map((e) => e[1])).toContain('screening worker in this process failed; screenings start on the standalone workers');
      await embedded.close();
      expect(fake.shutdown).not.toHaveBeenCalled(); // not running any more: not shut down twice
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
