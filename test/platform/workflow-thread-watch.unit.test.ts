// The workflow thread watch (infra/temporal/workflow-thread-watch.ts) with fake threads and fake
// time: a thread with requests outstanding and no answer for the limit is terminated, once; busy
// threads that keep answering, idle threads and answers queued behind a busy main thread are not.
import type { Worker as NodeWorker } from 'node:worker_threads';
import { Worker } from '@temporalio/worker';
import { ThreadedVMWorkflowCreator } from '@temporalio/worker/lib/workflow/threaded-vm.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GuardedWorker, watchWorkflowThreads, type StuckWorkflowThread } from '../../infra/temporal/workflow-thread-watch.js';

const LIMIT = 1_000;
const TICK = LIMIT / 5;

/** A fake thread: requests wait until answered by the test. */
function fakeThread() {
  const waiting: Array<() => void> = [];
  const terminate = vi.fn(async () => 1);
  const client = {
    send: vi.fn(() => new Promise<unknown>((resolve) => waiting.push(() => resolve(undefined)))),
    workerThread: { terminate } as unknown as NodeWorker,
  };
  return { client, terminate, answerOne: () => waiting.shift()?.(), waiting };
}

function watched(threads: Array<ReturnType<typeof fakeThread>>) {
  const inner = new ThreadedVMWorkflowCreator(threads.map((t) => t.client) as never);
  const destroy = vi.spyOn(inner, 'destroy').mockResolvedValue();
  const stuck: StuckWorkflowThread[] = [];
  const creator = watchWorkflowThreads(inner, LIMIT, (s) => stuck.push(s));
  const send = (t: ReturnType<typeof fakeThread>) => void (t.client as unknown as { send(i: unknown): Promise<unknown> }).send({ type: 'activate-workflow' });
  return { creator, stuck, destroy, send };
}

/** Advances fake time by `ms` and lets settled replies run their callbacks. */
async function pass(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('watchWorkflowThreads', () => {
  it('terminates a thread that answered nothing for the limit, once, and reports it', async () => {
    const a = fakeThread();
    const b = fakeThread();
    const { creator, stuck, send } = watched([a, b]);
    send(a);
    send(a);
    send(b);
    await pass(TICK);
    b.answerOne();
    await pass(LIMIT - TICK);
    expect(a.terminate).not.toHaveBeenCalled(); // silent for the limit: first sighting only
    await pass(TICK);
    expect(a.terminate).toHaveBeenCalledTimes(1);
    expect(stuck).toEqual([{ thread: 0, pending: 2, silentMs: expect.any(Number) }]);
    expect(stuck[0]!.silentMs).toBeGreaterThanOrEqual(LIMIT);
    await pass(LIMIT * 5);
    expect(a.terminate).toHaveBeenCalledTimes(1);
    expect(b.terminate).not.toHaveBeenCalled();
    await creator.destroy();
  });

  it('leaves alone a thread that keeps answering a long queue, and an idle one', async () => {
    const busy = fakeThread();
    const idle = fakeThread();
    const { creator, stuck, send } = watched([busy, idle]);
    for (let i = 0; i < 100; i += 1) send(busy);
    // One answer every 0.6 limits: the queue takes 60 limits to drain, each answer within the limit.
    for (let i = 0; i < 100; i += 1) {
      await pass(LIMIT * 0.6);
      busy.answerOne();
    }
    await pass(LIMIT * 10);
    expect(busy.waiting).toHaveLength(0);
    expect(stuck).toEqual([]);
    expect(busy.terminate).not.toHaveBeenCalled();
    expect(idle.terminate).not.toHaveBeenCalled();
    await creator.destroy();
  });

  it('counts silence from when an idle thread is given work, not from its last answer', async () => {
    const t = fakeThread();
    const { creator, stuck, send } = watched([t]);
    send(t);
    t.answerOne();
    await pass(LIMIT * 10);
    send(t);
    await pass(LIMIT - TICK);
    t.answerOne();
    await pass(LIMIT * 3);
    expect(stuck).toEqual([]);
    await creator.destroy();
  });

  it('stops watching when destroyed, and destroys the threads', async () => {
    const t = fakeThread();
    const { creator, stuck, send, destroy } = watched([t]);
    await creator.destroy();
    expect(destroy).toHaveBeenCalledTimes(1);
    send(t);
    await pass(LIMIT * 5);
    expect(stuck).toEqual([]);
    expect(t.terminate).not.toHaveBeenCalled();
  });

  it('returns a creator that is not threaded as it is', () => {
    const inProcess = { createWorkflow: vi.fn(), destroy: vi.fn() };
    expect(watchWorkflowThreads(inProcess as never, LIMIT, () => undefined)).toBe(inProcess);
  });
});

describe('GuardedWorker', () => {
  const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn(), trace: vi.fn(), log: vi.fn() };
  const createCreator = (GuardedWorker as unknown as { createWorkflowCreator(...args: unknown[]): Promise<{ destroy(): Promise<void> }> }).createWorkflowCreator.bind(GuardedWorker);

  it('starts its threads without the per-call timer and watches them for the worker timeout', async () => {
    const inner = new ThreadedVMWorkflowCreator([fakeThread().client] as never);
    vi.spyOn(inner, 'destroy').mockResolvedValue();
    const sdk = vi.spyOn(Worker as unknown as { createWorkflowCreator(...args: unknown[]): Promise<unknown> }, 'createWorkflowCreator').mockResolvedValue(inner);
    const creator = await createCreator({ code: '' }, { isolateExecutionTimeoutMs: 5_000, debugMode: false, taskQueue: 'q' }, logger);
    const passed = sdk.mock.calls[0]![1] as { isolateExecutionTimeoutMs?: number; taskQueue: string };
    expect(passed.isolateExecutionTimeoutMs).toBeUndefined();
    expect(passed.taskQueue).toBe('q');
    expect(creator).not.toBe(inner);
    await creator.destroy();
  });

  it('in debug mode (workflows in the main thread) keeps the SDK timer', async () => {
    const inProcess = { createWorkflow: vi.fn(), destroy: vi.fn() };
    const sdk = vi.spyOn(Worker as unknown as { createWorkflowCreator(...args: unknown[]): Promise<unknown> }, 'createWorkflowCreator').mockResolvedValue(inProcess);
    const creator = await createCreator({ code: '' }, { isolateExecutionTimeoutMs: 5_000, debugMode: true }, logger);
    expect((sdk.mock.calls[0]![1] as { isolateExecutionTimeoutMs: number }).isolateExecutionTimeoutMs).toBe(5_000);
    expect(creator).toBe(inProcess);
  });
});
