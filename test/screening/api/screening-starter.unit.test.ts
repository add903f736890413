/**
 * How the API starts screening workflows: a lone request starts its own screeningWorkflow at once;
 * requests arriving while starts are in flight are grouped, per environment, into one
 * screeningBatchWorkflow; a request resolves only once its workflow has started, and a failed
 * start rejects every request of its group. A grouped start is recorded on its screenings (the
 * start sweep leaves them to it); a lone start, whose id the screening id gives, is not.
 */
import type { Client } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MAX_MS, ARRIVAL_LINGER_MS, GROUP_LIMIT, groupingStarter, START_DEADLINE_MS, STARTS_IN_FLIGHT } from '../../../api/screenings/screening-starter.js';

/** The tests of two starts in flight (the default is one: see the test at the end). */
const SLOTS = 2;

interface Call {
  type: string;
  workflowId: string;
  args: unknown[];
  requestEagerStart?: boolean;
  release(error?: Error): void;
}

function fakeClient() {
  const calls: Call[] = [];
  const client = {
    // As the SDK does: a call not answered by the deadline fails with DEADLINE_EXCEEDED.
    withDeadline: <R>(deadline: number, fn: () => Promise<R>) =>
      new Promise<R>((resolve, reject) => {
        const timer = setTimeout(() => reject(Object.assign(new Error('4 DEADLINE_EXCEEDED: Deadline exceeded'), { code: 4 })), Math.max(0, deadline - Date.now()));
        fn().then(resolve, reject).finally(() => clearTimeout(timer));
      }),
    workflow: {
      start: (type: string, options: { workflowId: string; args: unknown[]; requestEagerStart?: boolean }) =>
        new Promise<void>((resolve, reject) => {
          calls.push({ type, workflowId: options.workflowId, args: options.args, ...(options.requestEagerStart ? { requestEagerStart: true } : {}), release: (error) => (error ? reject(error) : resolve()) });
        }),
    },
  } as unknown as Client;
  return { client, calls };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('grouped starts', () => {
  it('starts a lone screening as its own workflow, eagerly when asked', async () => {
    const { client, calls } = fakeClient();
    const starter = groupingStarter({ client, taskQueue: 'q', eager: true, startsInFlight: SLOTS });
    const started = starter.start('staging', 'a');
    await tick();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ type: 'screeningWorkflow', workflowId: 'screening-a', args: [{ screeningId: 'a', environment: 'staging' }], requestEagerStart: true });
    calls[0]!.release();
    await expect(started).resolves.toBeUndefined();
  });

  it('groups what arrives while starts are in flight, per environment, and resolves each once its workflow started', async () => {
    const { client, calls } = fakeClient();
    const starter = groupingStarter({ client, taskQueue: 'q', eager: false, startsInFlight: SLOTS });
    const settled: string[] = [];
    const start = (env: 'staging' | 'production', id: string) => starter.start(env, id).then(() => void settled.push(id));
    const first = Array.from({ length: SLOTS }, (_, i) => start('staging', `s${i}`));
    const waiting = [start('staging', 'x1'), start('production', 'p1'), start('staging', 'x2'), start('staging', 'x3')];
    await tick();
    expect(calls.map((c) => c.workflowId)).toEqual(first.map((_, i) => `screening-s${i}`));
    calls[0]!.release();
    await tick();
    await tick();
    expect(settled).toEqual(['s0']);
    const group = calls[SLOTS]!;
    expect(group).toMatchObject({ type: 'screeningBatchWorkflow', workflowId: 'screening-group-x1', args: [{ environment: 'staging', screeningIds: ['x1', 'x2', 'x3'] }] });
    calls.slice(1).forEach((c) => c.release());
    await tick();
    await tick();
    const production = calls.find((c) => c.workflowId === 'screening-p1')!;
    expect(production.args).toEqual([{ screeningId: 'p1', environment: 'production' }]);
    production.release();
    await Promise.all([...first, ...waiting]);
    expect(settled.sort()).toEqual(['p1', 's0', 's1', 'x1', 'x2', 'x3']);
  });

  it('takes at most GROUP_LIMIT screenings into one workflow', async () => {
    const { client, calls } = fakeClient();
    const starter = groupingStarter({ client, taskQueue: 'q', eager: false, startsInFlight: SLOTS });
    const all = Array.from({ length: SLOTS + GROUP_LIMIT + 3 }, (_, i) => starter.start('staging', `id${i}`));
    await tick();
    calls.forEach((c) => c.release());
    await tick();
    await tick();
    const groups = calls.filter((c) => c.type === 'screeningBatchWorkflow').map((c) => (c.args[0] as { screeningIds: string[] }).screeningIds.length);
    expect(groups[0]).toBe(GROUP_LIMIT);
    calls.forEach((c) => c.release());
    await tick();
    await tick();
    calls.forEach((c) => c.release());
    await Promise.all(all);
    expect(calls.reduce((n, c) => n + (c.type === 'screeningWorkflow' ? 1 : (c.args[0] as { screeningIds: string[] }).screeningIds.length), 0)).toBe(all.length);
  });

  it('rejects every screening of a group whose start failed', async () => {
    const { client, calls } = fakeClient();
    const starter = groupingStarter({ client, taskQueue: 'q', eager: false, startsInFlight: SLOTS });
    const first = Array.from({ length: SLOTS }, (_, i) => starter.start('staging', `s${i}`));
    const grouped = [starter.start('staging', 'g1'), starter.start('staging', 'g2')];
    await tick();
    calls[0]!.release();
    await tick();
    await tick();
    calls[SLOTS]!.release(new Error('temporal unavailable'));
    await expect(Promise.all(grouped.map((p) => p.then(() => 'ok', (e: Error) => e.message)))).resolves.toEqual(['temporal unavailable', 'temporal unavailable']);
    calls[1]!.release();
    await Promise.all(first);
  });

  it('records a grouped start on its screenings once answered, and neither a lone start nor a failed one', async () => {
    const { client, calls } = fakeClient();
    const records: [string, string[], string][] = [];
    const starter = groupingStarter({ client, taskQueue: 'q', eager: false, startsInFlight: SLOTS, onGroupStarted: async (env, ids, workflowId) => void records.push([env, ids, workflowId]) });
    const settled: string[] = [];
    const lone = Array.from({ length: SLOTS }, (_, i) => starter.start('staging', `s${i}`).then(() => void settled.push(`s${i}`)));
    const grouped = [starter.start('production', 'g1'), starter.start('production', 'g2')].map((p, i) => p.then(() => void settled.push(`g${i + 1}`)));
    await tick();
    calls[0]!.release();
    await tick();
    await tick();
    const group = calls[SLOTS]!;
    expect(group.workflowId).toBe('screening-group-g1');
    expect(records).toEqual([]);
    group.release();
    await Promise.all(grouped);
    await tick();
    expect(records).toEqual([['production', ['g1', 'g2'], 'screening-group-g1']]);
    // s1 still holds a slot; x takes the other, so f1 and f2 wait and are grouped.
    const x = starter.start('staging', 'x');
    const failing = [starter.start('staging', 'f1'), starter.start('staging', 'f2')].map((p) => p.catch((e: Error) => e.message));
    await tick();
    calls[1]!.release();
    await tick();
    await tick();
    const failed = calls.at(-1)!;
    expect(failed.workflowId).toBe('screening-group-f1');
    failed.release(new Error('temporal unavailable'));
    await expect(Promise.all(failing)).resolves.toEqual(['temporal unavailable', 'temporal unavailable']);
    calls.find((c) => c.workflowId === 'screening-x')!.release();
    await Promise.all([...lone, x]);
    expect(records).toHaveLength(1);
  });
  it('by default starts one group at a time: whatever arrives during a start joins the next group', async () => {
    expect(STARTS_IN_FLIGHT).toBe(1);
    const { client, calls } = fakeClient();
    const starter = groupingStarter({ client, taskQueue: 'q', eager: false });
    const lone = starter.start('staging', 'a');
    const waiting = ['b', 'c', 'd', 'e', 'f', 'g', 'h'].map((id) => starter.start('staging', id));
    await tick();
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-a']);
    calls[0]!.release();
    await tick();
    await tick();
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-a', 'screening-group-b']);
    expect(calls[1]!.args).toEqual([{ environment: 'staging', screeningIds: ['b', 'c', 'd', 'e', 'f', 'g', 'h'] }]);
    calls[1]!.release();
    await Promise.all([lone, ...waiting]);
  });
  it('fails a start the server does not answer by the deadline, and goes on with the next group', async () => {
    const { client, calls } = fakeClient();
    const starter = groupingStarter({ client, taskQueue: 'q', eager: false, startDeadlineMs: 50 });
    const stuck = starter.start('staging', 'a').then(() => 'started', (e: Error) => e.message);
    const next = starter.start('staging', 'b');
    await tick();
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-a']);
    // Never answered: refused at the deadline, and the slot goes to the request behind it.
    await expect(stuck).resolves.toMatch(/DEADLINE_EXCEEDED/);
    await tick();
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-a', 'screening-b']);
    calls[1]!.release();
    await expect(next).resolves.toBeUndefined();
    expect(START_DEADLINE_MS).toBeGreaterThan(0);
  });
});

describe('announced arrivals', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('a start that could go waits for a request announced and on its way, and takes it into the same workflow', async () => {
    const { client, calls } = fakeClient();
    const starter = groupingStarter({ client, taskQueue: 'q', eager: false, lingerMs: 10_000 });
    const second = starter.arriving('staging');
    const first = starter.start('staging', 'a', starter.arriving('staging'));
    await tick();
    expect(calls).toEqual([]); // waiting for the announced request
    const later = starter.start('staging', 'b', second);
    await tick();
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-group-a']);
    expect(calls[0]!.args).toEqual([{ environment: 'staging', screeningIds: ['a', 'b'] }]);
    calls[0]!.release();
    await Promise.all([first, later]);
  });

  it('an announcement withdrawn without a start (its record was not written) releases the wait at once', async () => {
    const { client, calls } = fakeClient();
    const starter = groupingStarter({ client, taskQueue: 'q', eager: false, lingerMs: 10_000 });
    const failed = starter.arriving('staging');
    const started = starter.start('staging', 'a');
    await tick();
    expect(calls).toEqual([]);
    failed.done();
    failed.done(); // idempotent: counted once
    await tick();
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-a']);
    calls[0]!.release();
    await started;
    // Nothing announced now: the next lone request starts at once.
    const next = starter.start('staging', 'b');
    await tick();
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-a', 'screening-b']);
    calls[1]!.release();
    await next;
  });

  it('waits at most the linger time for an announced request that does not come', async () => {
    expect(ARRIVAL_LINGER_MS).toBeGreaterThan(0);
    // A bound on what the wait adds to a request's answer.
    expect(ARRIVAL_LINGER_MS).toBeLessThanOrEqual(20);
    const { client, calls } = fakeClient();
    const starter = groupingStarter({ client, taskQueue: 'q', eager: false, lingerMs: 30 });
    const slow = starter.arriving('staging');
    const started = starter.start('staging', 'a');
    await tick();
    expect(calls).toEqual([]);
    await sleep(60);
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-a']);
    calls[0]!.release();
    await started;
    slow.done();
  });

  it('an announcement never fulfilled (its record write is stuck) stops holding starts back once it lapses', async () => {
    expect(ANNOUNCEMENT_MAX_MS).toBeGreaterThan(ARRIVAL_LINGER_MS);
    const { client, calls } = fakeClient();
    const starter = groupingStarter({ client, taskQueue: 'q', eager: false, lingerMs: 10_000, announcementMaxMs: 40 });
    const stuck = starter.arriving('staging');
    const first = starter.start('staging', 'a');
    await tick();
    expect(calls).toEqual([]); // waiting for the announced request
    await sleep(80);
    // Lapsed: the waiting start went, and a later lone request starts at once.
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-a']);
    calls[0]!.release();
    await first;
    const next = starter.start('staging', 'b');
    await tick();
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-a', 'screening-b']);
    calls[1]!.release();
    await next;
    stuck.done(); // fulfilled late: harmless
    const third = starter.start('staging', 'c');
    await tick();
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-a', 'screening-b', 'screening-c']);
    calls[2]!.release();
    await third;
  });

  it('does not wait for requests announced in another environment (they cannot join its group)', async () => {
    const { client, calls } = fakeClient();
    const starter = groupingStarter({ client, taskQueue: 'q', eager: false, lingerMs: 10_000 });
    const elsewhere = starter.arriving('production');
    const started = starter.start('staging', 'a');
    await tick();
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-a']);
    calls[0]!.release();
    await started;
    elsewhere.done();
  });

  it('an environment waiting for its announced requests does not hold back another environment\'s group', async () => {
    const { client, calls } = fakeClient();
    const starter = groupingStarter({ client, taskQueue: 'q', eager: false, lingerMs: 10_000 });
    const coming = starter.arriving('staging');
    const staging = starter.start('staging', 'a');
    await tick();
    expect(calls).toEqual([]); // staging waits for its announced request
    const production = starter.start('production', 'p');
    await tick();
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-p']);
    calls[0]!.release();
    await production;
    // Still waiting for its own: staging's group takes the announced request once it comes.
    await tick();
    expect(calls).toHaveLength(1);
    const later = starter.start('staging', 'b', coming);
    await tick();
    expect(calls.map((c) => c.workflowId)).toEqual(['screening-p', 'screening-group-a']);
    expect(calls[1]!.args).toEqual([{ environment: 'staging', screeningIds: ['a', 'b'] }]);
    calls[1]!.release();
    await Promise.all([staging, later]);
  });

  it('a full group does not wait for announced requests', async () => {
    const { client, calls } = fakeClient();
    const starter = groupingStarter({ client, taskQueue: 'q', eager: false, lingerMs: 10_000 });
    const pending = starter.arriving('staging');
    const all = Array.from({ length: GROUP_LIMIT }, (_, i) => starter.start('staging', `id${i}`));
    await tick();
    expect(calls).toHaveLength(1);
    expect((calls[0]!.args[0] as { screeningIds: string[] }).screeningIds).toHaveLength(GROUP_LIMIT);
    calls[0]!.release();
    await Promise.all(all);
    pending.done();
  });
});
