/**
 * The start sweep: a screening the API committed but whose workflow it never started (the process
 * died in between, no 201 sent) is started once it has been pending past the grace period — a
 * single screening under `screening-<id>`, a batch's items under `screening-batch-<batch id>` — and
 * completes with its events. A workflow that was started is joined, never run twice, and grouped
 * starts, recorded on their screenings by the API, are left alone.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../activities/events/actor.model.js';
import { sweepUnstartedScreenings, type StartSweepDeps } from '../../../activities/screening/screening-start-sweep.js';
import { createScreening, createScreenings } from '../../../activities/screening/screening.transitions.js';
import { groupingStarter, STARTS_IN_FLIGHT } from '../../../api/screenings/screening-starter.js';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { recordScreeningsWorkflow, type NewScreening } from '../../../infra/db/repositories/screenings.repository.js';
import { screeningBatchWorkflowId, screeningGroupWorkflowId, screeningWorkflowId } from '../../../workflows/screening/screening.contract.js';
import { startScreeningStartSweeper } from '../../../worker/screening-start-sweeper.js';
import { importRealLists, silentLogger, startScreeningContext, type ScreeningTestContext } from '../support/screening-test-context.js';

let ctx: ScreeningTestContext;
let sweep: StartSweepDeps;
const actor = systemActor('test');
const UN_PERSON = { name_first: 'Jean-Marie Lugerero', name_last: 'Rukunda' };
const NOBODY = { name_first: 'Tamsin', name_last: 'Oyelaran-Whitcombe' };

beforeAll(async () => {
  ctx = await startScreeningContext();
  await importRealLists(ctx.tdb.db, 'un_sc_2026-02-27');
  sweep = { db: ctx.tdb.db, temporal: ctx.temporal.client, taskQueue: ctx.temporal.taskQueues.screeningRuns, logger: silentLogger };
}, 120_000);
afterAll(async () => ctx?.close());

/** A screening as POST /v1/screenings stores it before starting its workflow. */
const asTheApiWould = (query: Record<string, unknown>, extra: Partial<NewScreening> = {}): NewScreening => ({
  environment: 'staging', type: 'screening/watchlist', executionMode: 'async', query, ignoreList: [], accountId: null, businessId: null, ...extra,
});

/** Moves creation back past the grace period (as if the API died that long ago). */
async function age(ids: string[], seconds = 120) {
  await ctx.tdb.db.updateTable('screenings').set({ created_at: new Date(Date.now() - seconds * 1000) }).where('id', 'in', ids).execute();
}

async function finished(ids: string[]) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await ctx.tdb.db.selectFrom('screenings').selectAll().where('id', 'in', ids).execute();
    if (rows.every((r) => r.status !== 'pending' && r.status !== 'processing')) return new Map(rows.map((r) => [r.id, r]));
    if (Date.now() > deadline) throw new Error(`still unfinished: ${JSON.stringify(rows.map((r) => [r.id, r.status]))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function workflowExists(workflowId: string): Promise<boolean> {
  try {
    await ctx.temporal.client.workflow.getHandle(workflowId).describe();
    return true;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

describe('the start sweep', () => {
  it('starts a screening left pending without a workflow once past the grace period, and it completes with its events', async () => {
    const orphan = await createScreening(ctx.tdb.db, actor, asTheApiWould(UN_PERSON));
    const young = await createScreening(ctx.tdb.db, actor, asTheApiWould(NOBODY));
    await age([orphan.id]);

    const result = await sweepUnstartedScreenings(sweep, { graceMs: 60_000 });
    expect(result).toEqual({ workflowIds: [screeningWorkflowId(orphan.id)], screenings: 1 });
    const done = (await finished([orphan.id])).get(orphan.id)!;
    expect(done).toMatchObject({ status: 'completed', has_match: true, workflow_id: screeningWorkflowId(orphan.id) });
    expect((await eventsOfResource(ctx.tdb.db, orphan.id)).map((e) => e.type)).toEqual(['screening.pending', 'screening.processing', 'screening.completed']);

    // Within the grace period a screening is left to the request that created it.
    expect((await ctx.tdb.db.selectFrom('screenings').select('status').where('id', '=', young.id).executeTakeFirstOrThrow()).status).toBe('pending');
    expect(await workflowExists(screeningWorkflowId(young.id))).toBe(false);
    expect(await sweepUnstartedScreenings(sweep, { graceMs: 60_000 })).toEqual({ workflowIds: [], screenings: 0 });
    // A shorter grace period takes it too.
    expect((await sweepUnstartedScreenings(sweep, { graceMs: 0 })).workflowIds).toEqual([screeningWorkflowId(young.id)]);
    expect((await finished([young.id])).get(young.id)!.status).toBe('completed');
  });

  it("starts an orphaned batch's workflow with every pending item, however few the sweep's page reached", async () => {
    const batchId = randomUUID();
    const items = await createScreenings(ctx.tdb.db, actor, [UN_PERSON, NOBODY, { ...NOBODY, name_last: 'Whitcombe' }].map((q) => asTheApiWould(q, { origin: 'batch', batchId })));
    const ids = items.map((i) => i.id);
    await age(ids);

    const result = await sweepUnstartedScreenings(sweep, { graceMs: 60_000, limit: 1 });
    expect(result).toEqual({ workflowIds: [screeningBatchWorkflowId(batchId)], screenings: 3 });
    const rows = await finished(ids);
    expect(ids.map((id) => rows.get(id)!.status)).toEqual(['completed', 'completed', 'completed']);
    expect(ids.map((id) => rows.get(id)!.workflow_id)).toEqual(ids.map(() => screeningBatchWorkflowId(batchId)));
    expect(rows.get(ids[0]!)!.has_match).toBe(true);
    for (const id of ids) expect((await eventsOfResource(ctx.tdb.db, id)).map((e) => e.type)).toEqual(['screening.pending', 'screening.processing', 'screening.completed']);
  });

  it('joins a workflow that was started, and leaves screenings whose grouped start the API recorded', async () => {
    // Started on a queue no worker polls: the workflows stay queued, their screenings pending.
    const idle = `test-idle-${randomBytes(4).toString('hex')}`;
    const starter = groupingStarter({ client: ctx.temporal.client, taskQueue: idle, eager: false, onGroupStarted: (env, ids, workflowId) => recordScreeningsWorkflow(ctx.tdb.db, env, ids, workflowId) });
    const rows = await createScreenings(ctx.tdb.db, actor, Array.from({ length: STARTS_IN_FLIGHT + 2 }, () => asTheApiWould(NOBODY)));
    const ids = rows.map((r) => r.id);
    await Promise.all(ids.map((id) => starter.start('staging', id)));
    const lone = ids.slice(0, STARTS_IN_FLIGHT);
    const grouped = ids.slice(STARTS_IN_FLIGHT);
    const groupId = screeningGroupWorkflowId(grouped[0]!);
    // The record follows the answer: wait for it.
    const deadline = Date.now() + 10_000;
    let recorded = await ctx.tdb.db.selectFrom('screenings').select(['id', 'workflow_id']).where('id', 'in', ids).execute();
    while (recorded.filter((r) => r.workflow_id === groupId).length < grouped.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      recorded = await ctx.tdb.db.selectFrom('screenings').select(['id', 'workflow_id']).where('id', 'in', ids).execute();
    }
    expect(new Map(recorded.map((r) => [r.id, r.workflow_id]))).toEqual(new Map([...lone.map((id) => [id, null] as const), ...grouped.map((id) => [id, groupId] as const)]));
    const runsBefore = await Promise.all(lone.map(async (id) => (await ctx.temporal.client.workflow.getHandle(screeningWorkflowId(id)).describe()).runId));
    await age(ids);

    try {
      const result = await sweepUnstartedScreenings({ ...sweep, taskQueue: idle }, { graceMs: 60_000 });
      expect(result.workflowIds.sort()).toEqual(lone.map(screeningWorkflowId).sort());
      const runsAfter = await Promise.all(lone.map(async (id) => (await ctx.temporal.client.workflow.getHandle(screeningWorkflowId(id)).describe()).runId));
      expect(runsAfter).toEqual(runsBefore);
      for (const id of grouped) expect(await workflowExists(screeningWorkflowId(id))).toBe(false);
    } finally {
      for (const workflowId of [...lone.map(screeningWorkflowId), groupId]) await ctx.temporal.client.workflow.getHandle(workflowId).terminate('test finished').catch(() => undefined);
    }
  });

  it('runs in the worker on a timer: an orphan is started without anyone asking', async () => {
    const orphan = await createScreening(ctx.tdb.db, actor, asTheApiWould(UN_PERSON));
    await age([orphan.id]);
    const sweeper = startScreeningStartSweeper(sweep, 10_000);
    try {
      expect((await finished([orphan.id])).get(orphan.id)).toMatchObject({ status: 'completed', workflow_id: screeningWorkflowId(orphan.id) });
    } finally {
      await sweeper.stop();
    }
  });
});
