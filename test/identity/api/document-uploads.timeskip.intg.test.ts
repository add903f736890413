/**
 * The upload workflow's timing on Temporal's time-skipping server, with real MinIO: a file never
 * uploaded expires once its upload address (900 s) and the grace period have passed; a late upload
 * to a redacted account's document is swept from the bucket; a verified file replaced through the
 * same address before it expired is failed and deleted by the sweep. The API and the activities
 * run on Temporal's (skipped) clock.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { documentUploadWorkflowId } from '../../../workflows/document-upload/document-upload.contract.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../../../workflows/shared/search-attributes.js';
import { createTimeSkippingEnv } from '../../setup/temporal.js';
import { workflowBundle } from '../../support/test-worker.js';
import { textPdf } from '../../identity/processing/fixtures/minimal-pdf.writer.js';
import { accountBody, identityActivitiesFor, startIdentityContext, type IdentityTestContext } from '../support/identity-test-context.js';
import { pollUntil, upload } from '../support/identity-documents.fixtures.js';
import { allOnOneQueue } from '../../../workflows/shared/task-queues.js';

let env: TestWorkflowEnvironment;
let ctx: IdentityTestContext;
let worker: Worker;
let running: Promise<void>;
let accountId: string;
let dir: string;
/** The API and activities read Temporal's clock (kept as an offset), which skipping moves ahead of the wall clock. */
let offset = 0;
const clock = () => new Date(Date.now() + offset);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'identity-uploads-'));
  env = await createTimeSkippingEnv();
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: Object.fromEntries(SEARCH_ATTRIBUTE_KEYS.map((k) => [k.name, 2 /* KEYWORD */])),
  });
  const taskQueue = `identity-uploads-${Date.now()}`;
  ctx = await startIdentityContext({ clock, temporal: { client: env.client, taskQueues: allOnOneQueue(taskQueue) } });
  worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: await workflowBundle(), activities: identityActivitiesFor(ctx.db, ctx.storage, clock) });
  running = worker.run();
  accountId = (await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, body: accountBody() })).body.data.id;
});

beforeEach(async () => {
  offset = (await env.currentTimeMs()) - Date.now();
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await ctx?.close();
  await env?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const ofAccount = () => ({ account: { data: { type: 'account', id: accountId } } });
const createAddress = async (relationships: Record<string, unknown>) =>
  (await ctx.api.request('POST', '/v1/identity/documents/addresses', { key: ctx.staging, body: { data: { attributes: { files: [{ filename: 'bill.pdf' }] }, relationships }, meta: { auto_submit_for_processing: false } } })).body;
const uploadWatch = (documentId: string) => env.client.workflow.getHandle(documentUploadWorkflowId(documentId));

describe('upload expiry and sweeping (time-skipping)', () => {
  it('a file never uploaded expires after the address lifetime; the document fails', async () => {
    const doc = await createAddress(ofAccount());
    expect(await uploadWatch(doc.data.id).result()).toEqual({ expired: true, processing: 'not_submitted' });
    const a = (await ctx.api.request('GET', `/v1/identity/documents/addresses/${doc.data.id}`, { key: ctx.staging })).body.data.attributes;
    expect(a.status).toBe('failed');
    expect(a.files[0].status).toBe('expired');
    expect(a.processing_errors.map((e: { code: string }) => e.code)).toEqual(['file_not_uploaded', 'no_file_uploaded']);
    expect((await eventsOfResource(ctx.db, a.files[0].id)).map((e) => e.status)).toEqual(['expired']);
  });

  it('a late upload to a redacted account\'s document is deleted when the address expires', async () => {
    const other = (await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, body: accountBody() })).body.data.id;
    const doc = await createAddress({ account: { data: { type: 'account', id: other } } });
    expect((await ctx.api.request('POST', `/v1/identity/accounts/${other}/redact`, { key: ctx.staging })).status).toBe(200);
    const key = `staging/documents/${doc.data.id}/${doc.data.attributes.files[0].id}`;
    expect(await upload(doc.meta.presigned_upload_urls[0].url, textPdf(['Late upload']))).toBe(200);
    expect(await ctx.storage.stat(key)).not.toBeNull();
    await uploadWatch(doc.data.id).result();
    expect(await ctx.storage.stat(key)).toBeNull();
    const a = (await ctx.api.request('GET', `/v1/identity/documents/addresses/${doc.data.id}`, { key: ctx.staging })).body.data.attributes;
    expect(a.status).toBe('failed');
    expect(a.files[0].status).toBe('redacted');
  });

  it('a file put again through its address after verification changes nothing: the verified copy is kept and served, the new bytes are deleted', async () => {
    const doc = await createAddress(ofAccount());
    const url = doc.meta.presigned_upload_urls[0].url;
    const original = textPdf(['Original statement']);
    await upload(url, original);
    // The first check is a 1-second timer: move the server clock past it, then wait for the verification.
    await env.sleep(1500);
    await pollUntil(async () => {
      const f = await ctx.db.selectFrom('identity_document_files').select('status').where('document_id', '=', doc.data.id).executeTakeFirstOrThrow();
      return f.status === 'uploaded' ? true : undefined;
    }, 30_000);
    expect(await upload(url, textPdf(['Swapped statement']))).toBe(200);
    const uploadKey = `staging/documents/${doc.data.id}/${doc.data.attributes.files[0].id}`;
    expect(await ctx.storage.stat(uploadKey)).not.toBeNull();
    // While the upload address is still valid, the download address serves the verified bytes.
    const during = (await ctx.api.request('GET', `/v1/identity/documents/addresses/${doc.data.id}`, { key: ctx.staging })).body.data.attributes;
    expect(Buffer.from(await (await fetch(during.files[0].url)).arrayBuffer()).equals(original)).toBe(true);
    await uploadWatch(doc.data.id).result();
    const a = (await ctx.api.request('GET', `/v1/identity/documents/addresses/${doc.data.id}`, { key: ctx.staging })).body.data.attributes;
    expect(a.files[0].status).toBe('uploaded');
    expect(a.files[0].checksum).toBe(createHash('sha256').update(original).digest('hex'));
    expect(a.processing_errors).toEqual([]);
    expect(await ctx.storage.stat(uploadKey)).toBeNull();
    expect(Buffer.from(await (await fetch(a.files[0].url)).arrayBuffer()).equals(original)).toBe(true);
  });
});
