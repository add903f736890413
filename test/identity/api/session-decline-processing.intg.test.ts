/**
 * A decline while a document is being processed: the processing activity is replaced by one that
 * holds (heartbeating) until it is cancelled, so the document is caught in `submitted` with its
 * document-processing workflow running. The decline fails the document with processing_cancelled,
 * cancels that workflow (its activity sees the cancellation), and the upload workflow that started
 * it as a child records the cancellation.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { documentProcessingWorkflowId } from '../../../workflows/document-processing/document-processing.contract.js';
import { documentUploadWorkflowId } from '../../../workflows/document-upload/document-upload.contract.js';
import { accountBody, startIdentityContext, type IdentityTestContext } from '../support/identity-test-context.js';
import { documentFixtures, pollUntil, upload, type DocumentFixtures } from '../support/identity-documents.fixtures.js';

let ctx: IdentityTestContext;
let dir: string;
let files: DocumentFixtures;
const entered: string[] = [];
const cancelled: string[] = [];

/** Holds until Temporal cancels it (cancellation reaches an activity through its heartbeats). */
async function holdingProcessDocument(ref: { documentId: string }) {
  entered.push(ref.documentId);
  const activity = Context.current();
  try {
    for (;;) {
      activity.heartbeat();
      await activity.sleep(100);
    }
  } catch (error) {
    cancelled.push(ref.documentId);
    throw error;
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'identity-decline-'));
  [ctx, files] = await Promise.all([
    startIdentityContext({ temporal: 'workers', activityOverrides: { processDocument: holdingProcessDocument as never } }),
    documentFixtures(dir),
  ]);
});
afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('declining a session while its document is processed', () => {
  it('fails the document, cancels its processing workflow and leaves the decline idempotent', async () => {
    const accountId = (await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, body: accountBody() })).body.data.id;
    const sessionId = (await ctx.api.request('POST', '/v1/identity/sessions', { key: ctx.staging, body: { data: { relationships: { account: { data: { type: 'account', id: accountId } } } } } })).body.data.id;
    const doc = (await ctx.api.request('POST', '/v1/identity/documents/idvs', {
      key: ctx.staging, body: { data: { attributes: { files: [{ filename: 'passport.png' }] }, relationships: { session: { data: { type: 'session', id: sessionId } } } } },
    })).body;
    const id = doc.data.id;
    await upload(doc.meta.presigned_upload_urls[0].url, files.passport);
    await pollUntil(async () => (entered.includes(id) ? true : undefined), 30_000, 50);
    expect((await ctx.api.request('GET', `/v1/identity/documents/idvs/${id}`, { key: ctx.staging })).body.data.attributes.status).toBe('submitted');

    const declined = await ctx.api.request('POST', `/v1/identity/sessions/${sessionId}/decline`, { key: ctx.staging });
    expect(declined.status).toBe(200);
    expect(declined.body.data.attributes.status).toBe('declined');

    const a = (await ctx.api.request('GET', `/v1/identity/documents/idvs/${id}`, { key: ctx.staging })).body.data.attributes;
    expect(a.status).toBe('failed');
    expect(a.processing_errors.map((e: { code: string }) => e.code)).toEqual(['processing_cancelled']);
    const processing = ctx.client.workflow.getHandle(documentProcessingWorkflowId(id));
    await pollUntil(async () => ((await processing.describe()).status.name === 'CANCELLED' ? true : undefined), 30_000);
    await pollUntil(async () => (cancelled.includes(id) ? true : undefined), 30_000);
    expect((await eventsOfResource(ctx.db, id)).map((e) => e.status)).toEqual(['pending', 'submitted', 'failed']);
    // The upload watch saw its child cancelled and goes on to its sweep.
    const watch = await ctx.client.workflow.getHandle(documentUploadWorkflowId(id)).describe();
    expect(watch.status.name).toBe('RUNNING');

    const again = await ctx.api.request('POST', `/v1/identity/sessions/${sessionId}/decline`, { key: ctx.staging });
    expect(again.body.data).toEqual(declined.body.data);
  });
});
