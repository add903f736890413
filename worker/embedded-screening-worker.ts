/**
 * The screening worker inside an API process: polls the screening-runs task queue with only the
 * screening run activities (local activities over this process's matcher index), on a
 * NativeConnection it shares with the client the API starts screenings with — so Eager Workflow
 * Start hands each new screening's first workflow task straight to it, and the whole screening
 * (workflow task, local activity, completion) never waits on the server's task matching. The
 * standalone workers poll the same queue and take over when this process is gone or busy.
 * The index of each list group in use is built at start and refreshed in the background when a
 * list version activates, so requests rarely wait for a build.
 */
import { Client } from '@temporalio/client';
import { NativeConnection, Worker, type WorkflowBundleOption } from '@temporalio/worker';
import type { FinishedScreenings } from '../activities/screening/finished-screenings.model.js';
import { keepIndexesFresh, MatchIndexCache } from '../activities/screening/index-cache/match-index-cache.js';
import { createScreeningRunActivities } from '../activities/screening/screening.activities.js';
import { createScreeningRunsActivities } from '../activities/screening/screening-run.activities.js';
import type { Db } from '../infra/db/create-db.js';
import type { Logger } from '../infra/logger/logger.js';
import { bundleWorkflows, WORKFLOWS_INDEX } from '../infra/temporal/workflow-bundle.js';

export interface EmbeddedScreeningWorker {
  /** Starts screenings eagerly on this process's worker. */
  client: Client;
  close(): Promise<void>;
}

export async function startEmbeddedScreeningWorker(args: {
  address: string;
  namespace: string;
  taskQueue: string;
  db: Db;
  logger: Logger;
  /** The workflow bundle (default: bundled from this process's workflows at start). */
  workflowBundle?: WorkflowBundleOption;
  /** Where the requests of this process learn of the screenings this worker stored. */
  finished?: FinishedScreenings;
}): Promise<EmbeddedScreeningWorker> {
  const { db, logger } = args;
  const connection = await NativeConnection.connect({ address: args.address });
  const client = new Client({ connection, namespace: args.namespace });
  const cache = new MatchIndexCache({ db, logger });
  const deps = { db, clock: () => new Date(), logger, ...(args.finished ? { finished: args.finished } : {}) };
  const workflowBundle = args.workflowBundle ?? (await bundleWorkflows(WORKFLOWS_INDEX));
  const worker = await Worker.create({
    connection,
    namespace: args.namespace,
    taskQueue: args.taskQueue,
    workflowBundle,
    activities: { ...createScreeningRunActivities(deps, cache), ...createScreeningRunsActivities(deps, cache) },
    // Screenings run as local activities; the worker never polls for activity tasks.
    enableNonLocalActivities: false,
  });
  // Build (and, when lists change, rebuild) every index this process serves, while its worker runs.
  const stopRefresh = keepIndexesFresh(cache);
  // A Worker that fails while the API serves (the SDK ends it on an unexpected error) must not end
  // the process with an unhandled rejection: it is logged, its indexes are no longer rebuilt, and the
  // API goes on. Eager start is a request for a worker running on this connection; without one the
  // server queues each new screening's workflow task, and the standalone workers take it.
  const running = worker.run().catch((error: unknown) => {
    stopRefresh();
    // No more rows come from this worker: sync requests stop waiting for them.
    args.finished?.close();
    logger.error({ err: error, taskQueue: args.taskQueue }, 'screening worker in this process failed; screenings start on the standalone workers');
  });
  logger.info({ taskQueue: args.taskQueue }, 'screening worker running in this process');
  return {
    client,
    async close() {
      stopRefresh();
      // Not twice: a worker already draining (or stopped) throws on shutdown().
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      args.finished?.close();
      await connection.close();
    },
  };
}
