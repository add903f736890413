/**
 * Deadlock detection for workflow threads, watched from outside instead of by a timer thread per call.
 *
 * The SDK guards each call into a workflow's V8 context with `vm`'s `timeout` option (the worker's
 * `isolateExecutionTimeout`, 5 s by default), so a workflow stuck in a loop fails its task instead
 * of holding its thread forever. Node implements that option by creating, starting and joining a
 * new OS thread with its own event loop on every call (nodejs/node#47739, open): about 170 µs of
 * CPU per call on this machine against 2 µs without it, and a workflow task makes several calls —
 * measured as 42 % of the API's workflow thread under sync screening load.
 *
 * `GuardedWorker` creates its workflow threads without that per-call timer and watches them from
 * the main thread instead: every request the main thread sends a workflow thread (create, activate,
 * collect sink calls, dispose) is counted, and a thread that has requests outstanding and has
 * answered none of them for the limit (the same `isolateExecutionTimeout`) — seen on two checks in
 * a row, so answers already queued behind a busy main thread are read first — is stuck in workflow
 * code: it is reported and terminated. The SDK then fails that thread's pending activations with an
 * unexpected error and shuts the Worker down (the process's own failure handling follows), where
 * its own timer would have failed the one workflow task; a workflow that loops never ends either way,
 * and here it can no longer burn a core unnoticed. Threads are FIFO, so a long queue of quick
 * activations keeps answering and never looks stuck. Debug mode (workflows in the main thread)
 * keeps the SDK's timer.
 */
import type { Worker as NodeWorker } from 'node:worker_threads';
import { Worker } from '@temporalio/worker';
import type { WorkflowCreator } from '@temporalio/worker/lib/workflow/interface.js';
import { ThreadedVMWorkflowCreator } from '@temporalio/worker/lib/workflow/threaded-vm.js';

type CreatorArgs = Parameters<(typeof Worker)['createWorkflowCreator']>;

/** What the watch reports about a thread it found stuck. */
export interface StuckWorkflowThread {
  thread: number;
  /** Requests sent and not answered. */
  pending: number;
  /** Milliseconds since the thread last answered (or was first given work). */
  silentMs: number;
}

interface ThreadClient {
  send(input: unknown): Promise<unknown>;
  workerThread: NodeWorker;
}

interface Watched {
  client: ThreadClient;
  pending: number;
  /** When the thread last answered, or was given work while idle. */
  progressAt: number;
  suspect: boolean;
  terminated: boolean;
}

/**
 * Watches the threads of `creator` (a threaded one; any other is returned as it is). `onStuck` is
 * called once per stuck thread, before the thread is terminated.
 */
export function watchWorkflowThreads(creator: WorkflowCreator, limitMs: number, onStuck: (stuck: StuckWorkflowThread) => void): WorkflowCreator {
  if (!(creator instanceof ThreadedVMWorkflowCreator)) return creator;
  const clients = (creator as unknown as { workerThreadClients: ThreadClient[] }).workerThreadClients;
  const watched: Watched[] = clients.map((client) => {
    const w: Watched = { client, pending: 0, progressAt: 0, suspect: false, terminated: false };
    const send = client.send.bind(client);
    const answered = () => {
      w.pending -= 1;
      w.progressAt = performance.now();
    };
    client.send = (input: unknown) => {
      if (w.pending === 0) w.progressAt = performance.now();
      w.pending += 1;
      const reply = send(input);
      reply.then(answered, answered);
      return reply;
    };
    return w;
  });
  const check = () => {
    const now = performance.now();
    watched.forEach((w, thread) => {
      const silentMs = now - w.progressAt;
      if (w.terminated || w.pending === 0 || silentMs < limitMs) {
        w.suspect = false;
        return;
      }
      // First sighting: answers may be waiting in the port behind a busy main thread; they are
      // read before the next check.
      if (!w.suspect) {
        w.suspect = true;
        return;
      }
      w.terminated = true;
      onStuck({ thread, pending: w.pending, silentMs: Math.round(silentMs) });
      void w.client.workerThread.terminate();
    });
  };
  const timer = setInterval(check, Math.max(50, Math.min(1_000, limitMs / 5)));
  timer.unref();
  return {
    createWorkflow: (options) => creator.createWorkflow(options),
    async destroy() {
      clearInterval(timer);
      await creator.destroy();
    },
  };
}

/**
 * A Worker whose workflow threads run without the SDK's per-call timer thread and are watched by
 * `watchWorkflowThreads` for the worker's `isolateExecutionTimeout`.
 */
export class GuardedWorker extends Worker {
  protected static override async createWorkflowCreator(...args: CreatorArgs): Promise<WorkflowCreator> {
    const [bundle, options, logger] = args;
    if (options.debugMode) return super.createWorkflowCreator(...args);
    const limitMs = options.isolateExecutionTimeoutMs;
    // No `timeout` on the threads' calls into their contexts (undefined: no watchdog thread).
    const creator = await super.createWorkflowCreator(bundle, { ...options, isolateExecutionTimeoutMs: undefined as unknown as number }, logger);
    return watchWorkflowThreads(creator, limitMs, (stuck) => {
      logger.error('Workflow thread stuck in workflow code: terminating it (the Worker shuts down)', { ...stuck, limitMs });
    });
  }
}
