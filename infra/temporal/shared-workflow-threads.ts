/**
 * Workers of one process that share their workflow bundle and their workflow threads.
 *
 * The SDK gives each Worker (one per task queue) its own pool of workflow threads, each thread a V8
 * isolate holding the whole workflow bundle: 40–55 MB apiece, so a worker serving the eight queues
 * spent most of its resident memory on eight isolates that are idle nearly all the time (workflow
 * code only decides; the work is in activities, which run on the main thread of each Worker's own
 * slots and stay per queue). Each Worker also read, parsed and pre-ran the bundle in the main
 * isolate for itself. `workflowThreadSharing(n, bundle)` creates Workers that load the bundle once
 * and run their workflows on one pool of `n` threads, made when the first Worker is created and
 * ended when the last one shuts down. A bundle or pool that failed to load is not kept: the next
 * Worker tries afresh.
 *
 * Safe because a workflow thread keys everything it holds by run id (unique across queues), the
 * pool's Workers have the one bundle (the thread's `init` carries it) and the same activity names,
 * and a new workflow goes to the thread with the fewest workflows, as within one Worker. The price:
 * a workflow task of one queue can wait behind another queue's on a busy thread — workflow tasks
 * take milliseconds; the per-queue activity slots, which do the slow work, stay separate.
 *
 * Uses the SDK's extension points: `Worker.getOrCreateBundle` and `Worker.createWorkflowCreator`
 * are protected static, and `Worker.create` calls them on the class it was called on.
 */
import { Worker, type WorkerOptions, type WorkflowBundleOption } from '@temporalio/worker';
import type { WorkflowCreator } from '@temporalio/worker/lib/workflow/interface.js';

type BundleArgs = Parameters<(typeof Worker)['getOrCreateBundle']>;
type LoadedBundle = Awaited<ReturnType<(typeof Worker)['getOrCreateBundle']>>;
type CreatorArgs = Parameters<(typeof Worker)['createWorkflowCreator']>;

export interface WorkflowThreadSharing {
  /** Create a Worker that runs its workflows, from the sharing's bundle, on the shared threads. */
  create(options: Omit<WorkerOptions, 'workflowBundle' | 'workflowsPath' | 'workflowThreadPoolSize'>): Promise<Worker>;
  /** Threads alive or starting now (0 before the first Worker and after the last one's shutdown). */
  threads(): number;
}

interface Group {
  bundle: Promise<LoadedBundle>;
  creator?: Promise<WorkflowCreator>;
  users: number;
}

export function workflowThreadSharing(threadCount: number, workflowBundle: WorkflowBundleOption): WorkflowThreadSharing {
  if (!Number.isInteger(threadCount) || threadCount < 1) throw new RangeError(`workflow threads must be a whole number ≥ 1, got ${threadCount}`);
  let group: Group | undefined;

  /** The step's result; a failed step ends the group, so the next Worker starts afresh. */
  const settled = async <T>(g: Group, step: Promise<T>): Promise<T> => {
    try {
      return await step;
    } catch (error) {
      if (group === g) group = undefined;
      throw error;
    }
  };

  class SharingWorker extends Worker {
    protected static override getOrCreateBundle(...args: BundleArgs): Promise<LoadedBundle> {
      const g = (group ??= { bundle: super.getOrCreateBundle(...args), users: 0 });
      return settled(g, g.bundle);
    }

    protected static override async createWorkflowCreator(...args: CreatorArgs): Promise<WorkflowCreator> {
      // A group another Worker's failure ended meanwhile is started again around this bundle.
      const g = (group ??= { bundle: Promise.resolve(args[0]), users: 0 });
      g.creator ??= super.createWorkflowCreator(...args);
      g.users += 1;
      const creator = await settled(g, g.creator);
      let released = false;
      return {
        createWorkflow: (options) => creator.createWorkflow(options),
        async destroy() {
          if (released) return;
          released = true;
          g.users -= 1;
          if (g.users > 0) return;
          if (group === g) group = undefined;
          await creator.destroy();
        },
      };
    }
  }

  return {
    create: (options) => SharingWorker.create({ ...options, workflowBundle, workflowThreadPoolSize: threadCount }),
    threads: () => (group?.creator === undefined ? 0 : threadCount),
  };
}
