/**
 * The issuing workflow on a real worker: a single credential and a batch are issued; when an
 * activity keeps failing the credentials end as failed with their event. The recorded histories
 * of these runs (test/credentials/fixtures/histories) are replayed against the current workflow
 * code, so a change that would break issuances in flight fails here (use `patched()` for such a
 * change; re-record with RECORD_WORKFLOW_HISTORIES=1 only for a deliberate break).
 */
import { ApplicationFailure } from '@temporalio/common';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialRoutes } from '../../api/credentials/credentials.routes.js';
import type { FeatureDeps } from '../../api/feature-deps.js';
import { credentialIssuanceWorkflowId } from '../../workflows/credential-issuance/credential-issuance.contract.js';
import { buildTestApp } from '../support/test-app.js';
import { createTestKey } from '../support/test-keys.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { startTestWorkers, workflowBundle, type TestTemporal } from '../support/test-worker.js';
import { credentialActivitiesFor, credentialBody, startCredentialsContext, type CredentialsTestContext } from './support/credentials-test-context.js';
import { recordedHistory, recordHistory } from './support/workflow-histories.js';

let ctx: CredentialsTestContext;
let failing: { temporal: TestTemporal; api: TestServer; key: string };

beforeAll(async () => {
  ctx = await startCredentialsContext();
  // A worker whose signing activity always fails (non-retryable, so the test does not wait out the retries).
  const temporal = await startTestWorkers({
    ...credentialActivitiesFor(ctx.tdb.db),
    async issueCredentials() {
      throw ApplicationFailure.nonRetryable('the signing key cannot be opened', 'InvalidInput');
    },
  });
  const deps: FeatureDeps = { ...ctx.deps, temporal: temporal.client, taskQueues: temporal.taskQueues };
  failing = { temporal, api: await startTestServer(buildTestApp({ db: ctx.tdb.db, routes: credentialRoutes(deps) })), key: (await createTestKey(ctx.tdb.db, 'staging')).key };
});
afterAll(async () => {
  await failing?.api.close();
  await failing?.temporal.close();
  await ctx?.close();
});

describe('credential issuance workflow', () => {
  it('issues a single credential; the workflow id derives from its id', async () => {
    const res = await ctx.api.request('POST', '/v1/credentials', { key: ctx.keys.production, body: credentialBody({ credential_type: 'Single', subject: { claims: { a: 1 } } }) });
    expect(res.body.data.attributes.status).toBe('issued');
    const workflowId = credentialIssuanceWorkflowId(res.body.data.id);
    expect(await ctx.temporal.client.workflow.getHandle(workflowId).result()).toEqual({ issuanceId: res.body.data.id, status: 'issued', count: 1 });
    await recordHistory(ctx.temporal.client, workflowId, 'credential-issuance-single-issued');
  });

  it('issues a batch in one workflow', async () => {
    const res = await ctx.api.request('POST', '/v1/credentials/batch-issue', {
      key: ctx.keys.production,
      body: { data: [1, 2, 3].map((n) => ({ type: 'credential', attributes: { credential_type: 'Batch', subject: { claims: { n } } } })) },
    });
    expect(res.status).toBe(201);
    const issuanceIds = await ctx.tdb.db.selectFrom('credentials').select('issuance_id').distinct().where('id', 'in', res.body.data.map((c: { id: string }) => c.id)).execute();
    expect(issuanceIds).toHaveLength(1);
    const workflowId = credentialIssuanceWorkflowId(issuanceIds[0]!.issuance_id);
    expect(await ctx.temporal.client.workflow.getHandle(workflowId).result()).toMatchObject({ status: 'issued', count: 3 });
    await recordHistory(ctx.temporal.client, workflowId, 'credential-issuance-batch-issued');
  });

  it('marks the credentials failed, with their events, when signing fails', async () => {
    const res = await failing.api.request('POST', '/v1/credentials', { key: failing.key, body: credentialBody({ credential_type: 'Doomed', subject: { claims: { a: 1 } } }) });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ status: 'failed', credential: null, status_list_index: null, errors: [{ code: 'credential_issuance_failed', message: expect.stringContaining('signing key') }] });
    const events = await ctx.tdb.db.selectFrom('events').select('type').where('resource_id', '=', res.body.data.id).where('category', '=', 'change').orderBy('sequence').execute();
    expect(events.map((e) => e.type)).toEqual(['credential.pending', 'credential.failed']);
    const revoke = await failing.api.request('POST', `/v1/credentials/${res.body.data.id}/revoke`, { key: failing.key });
    expect(revoke.status).toBe(409);
    await recordHistory(failing.temporal.client, credentialIssuanceWorkflowId(res.body.data.id), 'credential-issuance-failed');
  });
});

describe('credential issuance workflow replay', () => {
  it.each([
    ['credential-issuance-single-issued', 'allocated, signed, issued'],
    ['credential-issuance-batch-issued', 'three credentials allocated and signed together'],
    ['credential-issuance-failed', 'signing failed, credentials stored as failed'],
  ])('%s: %s', async (name) => {
    const history = recordedHistory(name);
    expect(history.events?.length).toBeGreaterThan(5);
    await expect(Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history)).resolves.toBeUndefined();
  });
});
