/**
 * Workflow executions end to end on the dev server: each outcome, every step type (screening,
 * business_lookup, website_check, wait_for_document, condition, wait, review, emit_event,
 * outcome), failures routed or ending the run, cancellation, and the status document checked
 * against the route's response schema.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionDocument } from '../../../api/workflows/workflow.schemas.js';
import { decideReview } from '../../../activities/user-workflows/execution.transitions.js';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { workflowExecutionWorkflowId } from '../../../workflows/workflow-execution/workflow-execution.contract.js';
import { websiteCheckWorkflowId } from '../../../workflows/website-check/website-check.contract.js';
import { recordHistory } from '../support/workflow-histories.js';
import { activeWorkflow, execute, pollExecution, startWorkflowContext, type WorkflowTestContext } from '../support/workflow-test-context.js';

let ctx: WorkflowTestContext;
let site: Server;
let siteUrl: string;

beforeAll(async () => {
  ctx = await startWorkflowContext();
  site = createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end('<html lang="en"><head><title>Acme Trading Ltd</title></head><body><h1>Acme Trading Ltd</h1><a href="/privacy">Privacy policy</a><a href="/terms">Terms</a><p>Contact: hello@acme.example</p></body></html>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
  await ctx?.close();
});

const record = (executionId: string, name: string) => recordHistory(ctx.client, workflowExecutionWorkflowId(executionId), name);
const changeEvents = async (id: string) => (await eventsOfResource(ctx.db, id)).filter((e) => e.category === 'change').map((e) => e.type);
const review = (id: string, decision: 'approve' | 'decline', key = ctx.keys.staging) =>
  ctx.api.request('POST', `/v1/workflows/executions/${id}/review`, { key, body: { data: { type: 'workflow_review', attributes: { decision, comment: 'checked the documents' } } } });
const waitingAt = (step: string) => (d: any) => d.attributes.current_step === step && d.attributes.steps.at(-1)?.status === 'waiting';

const screenThenDecide = {
  start: 'screen',
  steps: {
    screen: { type: 'screening', screening_type: 'screening/watchlist', query: { name_first: { var: 'input.first_name' }, name_last: { var: 'input.last_name' } }, next: 'check' },
    check: { type: 'condition', if: { var: 'steps.screen.has_match' }, then: 'decline', else: 'approve' },
    approve: { type: 'outcome', outcome: 'approved' },
    decline: { type: 'outcome', outcome: 'declined', reason: 'listed' },
  },
};
const personSchema = { type: 'object', properties: { first_name: { type: 'string', minLength: 1 }, last_name: { type: 'string', minLength: 1 } }, required: ['first_name', 'last_name'] };

describe('a screening-plus-condition workflow', () => {
  let workflowId: string;
  beforeAll(async () => {
    workflowId = await activeWorkflow(ctx.api, ctx.keys.staging, screenThenDecide, personSchema);
  });

  it('approves a person the lists do not name, with every step recorded', async () => {
    const res = await execute(ctx.api, ctx.keys.staging, workflowId, { first_name: 'Maria', last_name: 'Gonzalez Ferreira' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/v1/workflows/status/${res.body.data.id}`);
    expect(executionDocument.safeParse(res.body).success).toBe(true);
    const done = await pollExecution(ctx.api, ctx.keys.staging, res.body.data.id);
    expect(done.attributes).toMatchObject({ status: 'completed', outcome: 'approved', current_step: 'approve', version: 1, error: null });
    expect(done.attributes.steps.map((s: any) => [s.id, s.type, s.status])).toEqual([
      ['screen', 'screening', 'completed'],
      ['check', 'condition', 'completed'],
      ['approve', 'outcome', 'completed'],
    ]);
    const screen = done.attributes.steps[0];
    expect(screen.output).toMatchObject({ status: 'completed', has_match: false, matched_lists: [] });
    expect(done.attributes.steps[1].output).toEqual({ result: false });
    const full = await ctx.api.request('GET', `/v1/workflows/status/${res.body.data.id}`, { key: ctx.keys.staging });
    expect(executionDocument.safeParse(full.body).success).toBe(true);
    // The screening is a real record of the screening feature, made by its own transitions.
    const screening = await ctx.db.selectFrom('screenings').selectAll().where('id', '=', screen.output.screening_id).executeTakeFirstOrThrow();
    expect(screening).toMatchObject({ environment: 'staging', status: 'completed', has_match: false });
    expect(await changeEvents(res.body.data.id)).toEqual(['workflow_execution.running', 'workflow_execution.completed']);
    await record(res.body.data.id, 'execution.screening-condition-approved');
  });

  it('declines a listed person (the condition reads the screening output)', async () => {
    const res = await execute(ctx.api, ctx.keys.staging, workflowId, { first_name: 'John Michael', last_name: 'Doe' });
    const done = await pollExecution(ctx.api, ctx.keys.staging, res.body.data.id);
    expect(done.attributes).toMatchObject({ status: 'completed', outcome: 'declined' });
    expect(done.attributes.steps[0].output.has_match).toBe(true);
    expect(done.attributes.steps[0].output.matched_lists[0]).toMatchObject({ slug: 'us_ofac_sdn', entity_count: 1 });
    expect(done.attributes.steps[2]).toMatchObject({ id: 'decline', output: { outcome: 'declined', reason: 'listed' } });
  });

  it('refuses an input that does not fit input_schema with pointers into the input', async () => {
    const res = await execute(ctx.api, ctx.keys.staging, workflowId, { first_name: '' });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: any) => e.source.pointer).sort()).toEqual(['/data/attributes/input/first_name', '/data/attributes/input/last_name']);
  });
});

describe('review steps', () => {
  const reviewFlow = {
    start: 'review',
    steps: {
      review: { type: 'review', instructions: 'Compare the documents', on_approve: 'approve', on_decline: 'decline' },
      approve: { type: 'outcome', outcome: 'approved' },
      decline: { type: 'outcome', outcome: 'declined' },
    },
  };

  it('waits for a decision sent to the execution, then routes on it', async () => {
    const workflowId = await activeWorkflow(ctx.api, ctx.keys.staging, reviewFlow);
    const id = (await execute(ctx.api, ctx.keys.staging, workflowId, {})).body.data.id;
    await pollExecution(ctx.api, ctx.keys.staging, id, waitingAt('review'));
    expect(await changeEvents(id)).toEqual(['workflow_execution.running', 'workflow_execution.review_requested']);
    const decided = await review(id, 'decline');
    expect(decided.status).toBe(200);
    expect(executionDocument.safeParse(decided.body).success).toBe(true);
    const done = await pollExecution(ctx.api, ctx.keys.staging, id);
    expect(done.attributes).toMatchObject({ status: 'completed', outcome: 'declined' });
    expect(done.attributes.steps[0].output).toMatchObject({ decision: 'decline', comment: 'checked the documents', reviewer: { type: 'api_key' } });
    expect(await changeEvents(id)).toEqual(['workflow_execution.running', 'workflow_execution.review_requested', 'workflow_execution.review_decided', 'workflow_execution.completed']);
    // Nothing waits any more.
    expect((await review(id, 'decline')).body.errors[0].code).toBe('execution_not_running');
    await record(id, 'execution.review-declined');
  });

  it('a decision stored but never delivered: another decision is 409, the same one again delivers it', async () => {
    const workflowId = await activeWorkflow(ctx.api, ctx.keys.staging, { start: 'wait', steps: { wait: { type: 'wait', duration: '2s', next: 'review' }, ...reviewFlow.steps } });
    const id = (await execute(ctx.api, ctx.keys.staging, workflowId, {})).body.data.id;
    const early = await review(id, 'approve');
    expect(early.status).toBe(409);
    expect(early.body.errors[0].code).toBe('no_review_pending');
    await pollExecution(ctx.api, ctx.keys.staging, id, waitingAt('review'));
    // As if the API had stored the decision and crashed before signalling the workflow.
    await decideReview(ctx.db, { type: 'api_key', id: '00000000-0000-4000-8000-000000000000', name: 'crashed' }, { environment: 'staging', executionId: id, decision: 'approve', comment: null, at: new Date() });
    const other = await review(id, 'decline');
    expect(other.status).toBe(409);
    expect(other.body.errors[0].code).toBe('review_already_decided');
    expect((await review(id, 'approve')).status).toBe(200);
    const done = await pollExecution(ctx.api, ctx.keys.staging, id);
    expect(done.attributes.outcome).toBe('approved');
    expect(done.attributes.steps[0]).toMatchObject({ id: 'wait', type: 'wait', status: 'completed', output: { waited_seconds: 2 } });
    expect(done.attributes.steps[1].output).toMatchObject({ decision: 'approve', reviewer: { name: 'crashed' } });
    await record(id, 'execution.wait-review-approved');
  });

  it('a running execution keeps its version when a new one is deployed', async () => {
    const workflowId = await activeWorkflow(ctx.api, ctx.keys.staging, reviewFlow);
    const first = (await execute(ctx.api, ctx.keys.staging, workflowId, {})).body.data.id;
    await pollExecution(ctx.api, ctx.keys.staging, first, waitingAt('review'));
    const changed = { ...reviewFlow, steps: { ...reviewFlow.steps, approve: { type: 'outcome', outcome: 'needs_review' } } };
    expect((await ctx.api.request('PATCH', `/v1/workflows/${workflowId}`, { key: ctx.keys.staging, body: { data: { attributes: { definition: changed } } } })).status).toBe(200);
    const v2 = await ctx.api.request('POST', `/v1/workflows/${workflowId}/deploy`, { key: ctx.keys.staging });
    expect(v2.body.data.attributes.version).toBe(2);
    const second = (await execute(ctx.api, ctx.keys.staging, workflowId, {})).body.data.id;
    await pollExecution(ctx.api, ctx.keys.staging, second, waitingAt('review'));
    await review(first, 'approve');
    await review(second, 'approve');
    expect((await pollExecution(ctx.api, ctx.keys.staging, first)).attributes).toMatchObject({ version: 1, outcome: 'approved' });
    expect((await pollExecution(ctx.api, ctx.keys.staging, second)).attributes).toMatchObject({ version: 2, outcome: 'needs_review' });
    // An execution may still name the older version.
    const pinned = (await execute(ctx.api, ctx.keys.staging, workflowId, {}, { version: 1 })).body.data;
    expect(pinned.attributes.version).toBe(1);
    await pollExecution(ctx.api, ctx.keys.staging, pinned.id, waitingAt('review'));
    await review(pinned.id, 'approve');
    expect((await pollExecution(ctx.api, ctx.keys.staging, pinned.id)).attributes.outcome).toBe('approved');
  });

  it('an execution survives its workers being stopped and replaced while it waits', async () => {
    const workflowId = await activeWorkflow(ctx.api, ctx.keys.staging, reviewFlow);
    const id = (await execute(ctx.api, ctx.keys.staging, workflowId, {})).body.data.id;
    await pollExecution(ctx.api, ctx.keys.staging, id, waitingAt('review'));
    await ctx.restartWorkers();
    expect((await review(id, 'approve')).status).toBe(200);
    expect((await pollExecution(ctx.api, ctx.keys.staging, id)).attributes).toMatchObject({ status: 'completed', outcome: 'approved' });
  });

  it('cancel stops a waiting execution and records it as cancelled', async () => {
    const workflowId = await activeWorkflow(ctx.api, ctx.keys.staging, reviewFlow);
    const id = (await execute(ctx.api, ctx.keys.staging, workflowId, {})).body.data.id;
    await pollExecution(ctx.api, ctx.keys.staging, id, waitingAt('review'));
    const cancelled = await ctx.api.request('POST', `/v1/workflows/executions/${id}/cancel`, { key: ctx.keys.staging });
    expect(cancelled.status).toBe(202);
    const done = await pollExecution(ctx.api, ctx.keys.staging, id);
    expect(done.attributes).toMatchObject({ status: 'cancelled', outcome: null, error: { code: 'execution_cancelled', step_id: 'review' } });
    expect(done.attributes.steps[0].status).toBe('cancelled');
    expect((await changeEvents(id)).at(-1)).toBe('workflow_execution.cancelled');
    expect((await ctx.api.request('POST', `/v1/workflows/executions/${id}/cancel`, { key: ctx.keys.staging })).status).toBe(409);
    await record(id, 'execution.cancelled');
  });
});

describe('the other step types', () => {
  it('emit_event records a custom event with evaluated data, then the run goes on', async () => {
    const workflowId = await activeWorkflow(ctx.api, ctx.keys.staging, {
      start: 'notify',
      steps: {
        notify: { type: 'emit_event', name: 'customer.onboarding_started', data: { tier: { var: 'input.tier' }, score: { '+': [1, 2] }, flagged: false }, next: 'done' },
        done: { type: 'outcome', outcome: 'needs_review' },
      },
    });
    const id = (await execute(ctx.api, ctx.keys.staging, workflowId, { tier: 'gold' })).body.data.id;
    const done = await pollExecution(ctx.api, ctx.keys.staging, id);
    expect(done.attributes.outcome).toBe('needs_review');
    const events = (await eventsOfResource(ctx.db, id)).filter((e) => e.type === 'workflow_execution.step_event');
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ step_id: 'notify', event_name: 'customer.onboarding_started', event_data: { tier: 'gold', score: 3, flagged: false } });
    expect(done.attributes.steps[0].output).toEqual({ event_id: events[0]!.id, name: 'customer.onboarding_started' });
    await record(id, 'execution.emit-event');
  });

  it('business_lookup looks the business up in the registry of its session (ZZ test registry)', async () => {
    const session = await ctx.db.insertInto('sessions').values({ environment: 'staging', entity_type: 'business' }).returning('id').executeTakeFirstOrThrow();
    const workflowId = await activeWorkflow(ctx.api, ctx.keys.staging, {
      start: 'lookup',
      steps: {
        lookup: { type: 'business_lookup', country: 'ZZ', registration_number: { var: 'input.number' }, session_id: { var: 'input.session_id' }, next: 'registered', on_failure: 'review_it' },
        registered: { type: 'condition', if: { var: 'steps.lookup.is_registered' }, then: 'ok', else: 'no' },
        ok: { type: 'outcome', outcome: 'approved' },
        no: { type: 'outcome', outcome: 'declined' },
        review_it: { type: 'outcome', outcome: 'needs_review' },
      },
    });
    const active = await pollExecution(ctx.api, ctx.keys.staging, (await execute(ctx.api, ctx.keys.staging, workflowId, { number: 'ZZ000001', session_id: session.id })).body.data.id);
    expect(active.attributes.outcome).toBe('approved');
    expect(active.attributes.steps[0].output).toMatchObject({ async_status: 'completed', is_registered: true });
    const business = await ctx.db.selectFrom('businesses').selectAll().where('id', '=', active.attributes.steps[0].output.business_id).executeTakeFirstOrThrow();
    expect(business.session_id).toBe(session.id);
    const dissolved = await pollExecution(ctx.api, ctx.keys.staging, (await execute(ctx.api, ctx.keys.staging, workflowId, { number: 'ZZ000002', session_id: session.id })).body.data.id);
    expect(dissolved.attributes.outcome).toBe('declined');
    // A session of nowhere: the step fails and routes to on_failure.
    const orphan = await pollExecution(ctx.api, ctx.keys.staging, (await execute(ctx.api, ctx.keys.staging, workflowId, { number: 'ZZ000001', session_id: '00000000-0000-4000-8000-000000000000' })).body.data.id);
    expect(orphan.attributes.outcome).toBe('needs_review');
    expect(orphan.attributes.steps[0]).toMatchObject({ status: 'failed', error: { code: 'session_not_found' } });
    await record(active.id, 'execution.business-lookup-approved');
    await record(orphan.id, 'execution.business-lookup-on-failure');
  });

  it('website_check checks the site through the guard and outputs its risk facts', async () => {
    const workflowId = await activeWorkflow(ctx.api, ctx.keys.staging, {
      start: 'site',
      steps: {
        site: { type: 'website_check', url: { var: 'input.url' }, business_name: 'Acme Trading Ltd', next: 'named' },
        named: { type: 'condition', if: { var: 'steps.site.business_name_found' }, then: 'ok', else: 'no' },
        ok: { type: 'outcome', outcome: 'approved' },
        no: { type: 'outcome', outcome: 'declined' },
      },
    });
    const done = await pollExecution(ctx.api, ctx.keys.staging, (await execute(ctx.api, ctx.keys.staging, workflowId, { url: siteUrl })).body.data.id);
    expect(done.attributes.outcome).toBe('approved');
    expect(done.attributes.steps[0].output).toMatchObject({ status: 'completed', business_name_found: true, tls_valid: null });
    expect(done.attributes.steps[0].output.indicator_codes).toContain('no_https');
    await record(done.id, 'execution.website-check-approved');
    await recordHistory(ctx.client, websiteCheckWorkflowId(done.attributes.steps[0].output.website_check_id), 'website-check.completed');
  });

  it('wait_for_document continues when the identity document is processed (signalled through the event log)', async () => {
    const workflowId = await activeWorkflow(ctx.api, ctx.keys.staging, {
      start: 'doc',
      steps: {
        doc: { type: 'wait_for_document', document_type: 'document/idv', document_id: { var: 'input.document_id' }, timeout: '1d', next: 'ok', on_timeout: 'late', on_failure: 'bad' },
        ok: { type: 'condition', if: { '==': [{ var: 'steps.doc.status' }, 'processed'] }, then: 'approve', else: 'decline' },
        approve: { type: 'outcome', outcome: 'approved' },
        decline: { type: 'outcome', outcome: 'declined' },
        late: { type: 'outcome', outcome: 'needs_review' },
        bad: { type: 'outcome', outcome: 'needs_review', reason: 'no such document' },
      },
    });
    const doc = await ctx.db.insertInto('identity_documents').values({ environment: 'staging', kind: 'idv', status: 'submitted' }).returning('id').executeTakeFirstOrThrow();
    const id = (await execute(ctx.api, ctx.keys.staging, workflowId, { document_id: doc.id })).body.data.id;
    await pollExecution(ctx.api, ctx.keys.staging, id, (d) => d.attributes.current_step === 'doc');
    await pollUntilWaitRegistered(id);
    const { storeDocumentProcessing } = await import('../../../activities/identity/documents/identity-document.transitions.js');
    await storeDocumentProcessing(ctx.db, { type: 'system', name: 'test' }, { environment: 'staging', documentId: doc.id }, { processed: true, extracted: {}, errors: [] }, new Date());
    // The fallback poll comes after 30 s: finishing well before shows the signal did it.
    const done = await pollExecution(ctx.api, ctx.keys.staging, id, undefined, 20_000);
    expect(done.attributes.outcome).toBe('approved');
    expect(done.attributes.steps[0].output).toMatchObject({ document_id: doc.id, document_type: 'document/idv', status: 'processed' });
    expect(await ctx.db.selectFrom('workflow_execution_waits').selectAll().where('execution_id', '=', id).execute()).toEqual([]);
    await record(id, 'execution.document-processed');
    // A document of another environment does not exist for this one.
    const other = await ctx.db.insertInto('identity_documents').values({ environment: 'production', kind: 'idv', status: 'processed' }).returning('id').executeTakeFirstOrThrow();
    const missing = await pollExecution(ctx.api, ctx.keys.staging, (await execute(ctx.api, ctx.keys.staging, workflowId, { document_id: other.id })).body.data.id);
    expect(missing.attributes.steps[0]).toMatchObject({ status: 'failed', error: { code: 'document_not_found' } });
    expect(missing.attributes.outcome).toBe('needs_review');
  });

  it('wait_for_document continues when a generic document is processed', async () => {
    const workflowId = await activeWorkflow(ctx.api, ctx.keys.staging, {
      start: 'doc',
      steps: {
        doc: { type: 'wait_for_document', document_type: 'document', document_id: { var: 'input.document_id' }, timeout: '1d', next: 'ok', on_timeout: 'late', on_failure: 'bad' },
        ok: { type: 'condition', if: { var: 'steps.doc.is_valid' }, then: 'approve', else: 'decline' },
        approve: { type: 'outcome', outcome: 'approved' },
        decline: { type: 'outcome', outcome: 'declined' },
        late: { type: 'outcome', outcome: 'needs_review' },
        bad: { type: 'outcome', outcome: 'needs_review' },
      },
    });
    const doc = await ctx.db.insertInto('documents').values({ id: crypto.randomUUID(), environment: 'staging', status: 'processing' }).returning('id').executeTakeFirstOrThrow();
    const id = (await execute(ctx.api, ctx.keys.staging, workflowId, { document_id: doc.id })).body.data.id;
    await pollExecution(ctx.api, ctx.keys.staging, id, (d) => d.attributes.current_step === 'doc');
    await pollUntilWaitRegistered(id);
    const { storeGenericDocumentResults } = await import('../../../activities/documents/document.transitions.js');
    await storeGenericDocumentResults(ctx.db, { type: 'system', name: 'test' }, { environment: 'staging', documentId: doc.id }, {
      processed: true, classification: null, extractedData: {}, extractedDataCoordinates: null, fraudResult: { score: 'NORMAL', file_metadata: {}, indicators: [] }, fraudResultCoordinates: null, errors: [],
    }, new Date());
    const done = await pollExecution(ctx.api, ctx.keys.staging, id, undefined, 20_000);
    expect(done.attributes.outcome).toBe('approved');
    expect(done.attributes.steps[0].output).toMatchObject({ document_id: doc.id, document_type: 'document', status: 'processed', is_valid: true });
  });

  it('a failed step without on_failure fails the run with the step error', async () => {
    const workflowId = await activeWorkflow(ctx.api, ctx.keys.staging, {
      start: 'screen',
      steps: {
        screen: { type: 'screening', screening_type: 'screening/watchlist', query: { name_first: { var: 'input.first' }, name_last: 'Doe' }, next: 'done' },
        done: { type: 'outcome', outcome: 'approved' },
      },
    });
    const done = await pollExecution(ctx.api, ctx.keys.staging, (await execute(ctx.api, ctx.keys.staging, workflowId, {})).body.data.id);
    expect(done.attributes).toMatchObject({ status: 'failed', outcome: null, error: { code: 'invalid_step_input', step_id: 'screen' } });
    expect(done.attributes.error.detail).toContain('name_first is required');
    expect(done.attributes.steps).toHaveLength(1);
    expect(done.attributes.steps[0]).toMatchObject({ status: 'failed', error: { code: 'invalid_step_input' } });
    await record(done.id, 'execution.step-failed');
  });
});

async function pollUntilWaitRegistered(executionId: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await ctx.db.selectFrom('workflow_execution_waits').select('seq').where('execution_id', '=', executionId).execute()).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the wait was never registered');
}
