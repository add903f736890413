/**
 * Reviews that wait for days, on Temporal's time-skipping server: a review whose timeout passes
 * routes to on_timeout; one without on_timeout ends the run as timed_out; a decision sent three
 * days later still completes the run, with step times in Temporal time.
 */
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowRoutes } from '../../../api/workflows/workflows.routes.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../../../workflows/shared/search-attributes.js';
import { allOnOneQueue } from '../../../workflows/shared/task-queues.js';
import { workflowExecutionWorkflowId } from '../../../workflows/workflow-execution/workflow-execution.contract.js';
import { createTimeSkippingEnv } from '../../setup/temporal.js';
import { buildTestApp } from '../../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { createTestKey } from '../../support/test-keys.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { workflowBundle } from '../../support/test-worker.js';
import { activeWorkflow, execute, featureDeps, pollExecution, workflowTestActivities } from '../support/workflow-test-context.js';

let env: TestWorkflowEnvironment;
let tdb: TestDatabase;
let api: TestServer;
let worker: Worker;
let running: Promise<void>;
let key: string;

beforeAll(async () => {
  env = await createTimeSkippingEnv();
  // The time-skipping server adds search attributes but cannot list them (ensureSearchAttributes cannot be used).
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: Object.fromEntries(SEARCH_ATTRIBUTE_KEYS.map((k) => [k.name, 2 /* KEYWORD */])),
  });
  tdb = await createTestDatabase();
  const taskQueue = `workflows-timeskip-${Date.now()}`;
  worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: await workflowBundle(), activities: workflowTestActivities(tdb.db, env.client) });
  running = worker.run();
  api = await startTestServer(buildTestApp({ db: tdb.db, routes: workflowRoutes(featureDeps(tdb.db, env.client, allOnOneQueue(taskQueue))) }));
  key = (await createTestKey(tdb.db, 'staging')).key;
}, 120_000);

afterAll(async () => {
  worker?.shutdown();
  await running;
  await api?.close();
  await tdb?.destroy();
  await env?.teardown();
});

const outcomes = { approve: { type: 'outcome', outcome: 'approved' }, decline: { type: 'outcome', outcome: 'declined' } };
const escalate = { type: 'outcome', outcome: 'needs_review' };
const result = (id: string) => env.client.workflow.getHandle(workflowExecutionWorkflowId(id)).result();
const DAY = 86_400_000;

describe('reviews that wait for days (time-skipping)', () => {
  it('a review whose 7-day timeout passes routes to on_timeout', async () => {
    const workflowId = await activeWorkflow(api, key, { start: 'review', steps: { review: { type: 'review', timeout: '7d', on_approve: 'approve', on_decline: 'decline', on_timeout: 'escalate' }, escalate, ...outcomes } });
    const id = (await execute(api, key, workflowId, {})).body.data.id;
    expect(await result(id)).toEqual({ status: 'completed', outcome: 'needs_review' });
    const done = await pollExecution(api, key, id);
    expect(done.attributes.steps[0]).toMatchObject({ id: 'review', status: 'timed_out', error: { code: 'review_timed_out' } });
    const waited = Date.parse(done.attributes.steps[0].completed_at) - Date.parse(done.attributes.steps[0].started_at);
    expect(waited).toBeGreaterThanOrEqual(7 * DAY);
  });

  it('without on_timeout the run ends as timed_out', async () => {
    const workflowId = await activeWorkflow(api, key, { start: 'review', steps: { review: { type: 'review', timeout: '2d', on_approve: 'approve', on_decline: 'decline' }, ...outcomes } });
    const id = (await execute(api, key, workflowId, {})).body.data.id;
    expect(await result(id)).toEqual({ status: 'timed_out', outcome: null });
    expect((await pollExecution(api, key, id)).attributes).toMatchObject({ status: 'timed_out', error: { code: 'review_timed_out', step_id: 'review' } });
  });

  it('a decision sent three days later completes the run', async () => {
    const workflowId = await activeWorkflow(api, key, { start: 'review', steps: { review: { type: 'review', on_approve: 'approve', on_decline: 'decline' }, ...outcomes } });
    const id = (await execute(api, key, workflowId, {})).body.data.id;
    await pollExecution(api, key, id, (d) => d.attributes.steps.at(-1)?.status === 'waiting');
    await env.sleep('3 days');
    const decided = await api.request('POST', `/v1/workflows/executions/${id}/review`, { key, body: { data: { attributes: { decision: 'approve' } } } });
    expect(decided.status).toBe(200);
    expect(await result(id)).toEqual({ status: 'completed', outcome: 'approved' });
    const step = (await pollExecution(api, key, id)).attributes.steps[0];
    expect(Date.parse(step.completed_at) - Date.parse(step.started_at)).toBeGreaterThanOrEqual(3 * DAY);
  });
});
