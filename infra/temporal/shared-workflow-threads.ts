/**
 * Workers of one process that share their workflow threads.
 *
 * The SDK gives each Worker (one per task queue) its own pool of workflow threads, each thread a V8
 * isolate holding the whole workflow bundle: 40–55 MB apiece, so a worker serving the eight queues
 * spent most of its resident memory on eight isolates that are idle nearly all the time (workflow
 * code only decides; the work is in activities, which run on the main thread of each Worker's own
 * slots and stay per queue). `workflowThreadSharing(n)` returns a Worker class whose instances —
 * every Worker created through it — run their workflows on one pool of `n` threads, made when the
 * first Worker is created and ended when the last one shuts down.
 *
 * Safe because a workflow thread keys everything it holds by run id (unique across queues), every
 * Worker of the pool is given the same bundle and activities (the thread's `init` carries both),
 * and a new workflow goes to the thread with the fewest workflows, as within one Worker. The price:
 * a workflow task of one queue can wait behind another queue's on a busy thread — workflow tasks
 * take milliseconds; the per-queue activity slots, which do the slow work, stay separate.
 *
 * Uses the SDK's one extension point for this: `Worker.createWorkflowCreator` is protected static
 * and `Worker.create` calls it on the class it was called on.
 */
import { Worker, type WorkerOptions } from '@temporalio/worker';
import type { WorkflowCreator } from '@temporalio/worker/lib/workflow/interface.js';

type CreatorArgs = Parameters<(typeof Worker)['createWorkflowCreator']>;

export interface WorkflowThreadSharing {
  /** Create a Worker whose workflows run on the shared threads. */
  create(options: WorkerOptions): Promise<Worker>;
  /** Threads alive now (0 before the first Worker and after the last one's shutdown). */
  threads(): number;
}

export function workflowThreadSharing(threadCount: number): WorkflowThreadSharing {
  if (!Number.isInteger(threadCount) || threadCount < 1) throw new RangeError(`workflow threads must be a whole number ≥ 1, got ${threadCount}`);
  let pool: { creator: Promise<WorkflowCreator>; users: number } | undefined;

  const acquire = async (args: CreatorArgs, base: (...a: CreatorArgs) => Promise<WorkflowCreator>): Promise<WorkflowCreator> => {
    const [bundle, compiledOptions, logger] = args;
    const current = (pool ??= { creator: base(bundle, { ...compiledOptions, workflowThreadPoolSize: threadCount }, logger), users: 0 });
    current.users += 1;
    let creator: WorkflowCreator;
    try {
      creator = await current.creator;
    } catch (error) {
      // A pool that failed to start is not kept: the next Worker tries afresh.
      if (pool === current) pool = undefined;
      throw error;
    }
    let released = false;
    return {
      createWorkflow: (options) => creator.createWorkflow(options),
      async destroy() {
        if (released) return;
        released = true;
        current.users -= 1;
        if (current.users > 0) return;
        if (pool === current) pool = undefined;
        await creator.destroy();
      },
    };
  };

  class SharingWorker extends Worker {
    protected static override createWorkflowCreator(...args: CreatorArgs): Promise<WorkflowCreator> {
      return acquire(args, (...a) => super.createWorkflowCreator(...a));
    }
  }

  return {
    create: (options) => SharingWorker.create({ ...options, workflowThreadPoolSize: threadCount }),
    threads: () => (pool === undefined ? 0 : threadCount),
  };
}
