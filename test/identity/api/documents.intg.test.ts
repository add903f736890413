/**
 * Identity documents end to end on real services: the API signs MinIO upload addresses, the test
 * uploads with real HTTP PUTs, the upload workflow (real worker, dev server) verifies the stored
 * objects and the processing workflow reads them (tesseract MRZ OCR, PDF text). Covers good files,
 * a wrong checksum, a wrong content type, an oversized file, a size mismatch, damaged and expired
 * identity documents, proof of address with and without auto-submit, lists and filters, the
 * private bucket, and a session decline cancelling pending documents.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressDocument, addressListDocument, createdAddressDocument, createdIdvDocument, idvDocument, idvListDocument } from '../../../api/identity/documents/document.schemas.js';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { documentUploadWorkflowId } from '../../../workflows/document-upload/document-upload.contract.js';
import { accountBody, startIdentityContext, type IdentityTestContext } from '../support/identity-test-context.js';
import { documentFixtures, pollUntil, sha256, upload, type DocumentFixtures } from '../support/identity-documents.fixtures.js';

let ctx: IdentityTestContext;
let dir: string;
let files: DocumentFixtures;
let accountId: string;

const johnSmith = accountBody({
  person: { name: { first: 'John', middle: 'Paul', last: 'Smith' }, birth_date: '1985-02-14' },
  address: { line1: '14 Kingfisher Road', locality: 'London', postal_code: 'N7 8QT', country_code: 'GB' },
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'identity-docs-'));
  [ctx, files] = await Promise.all([startIdentityContext({ temporal: 'workers' }), documentFixtures(dir)]);
  accountId = (await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, body: johnSmith })).body.data.id;
});
afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const openSession = async (account = accountId) =>
  (await ctx.api.request('POST', '/v1/identity/sessions', { key: ctx.staging, body: { data: { relationships: { account: { data: { type: 'account', id: account } } } } } })).body.data.id as string;

const rel = (sessionId?: string, account?: string) => ({
  ...(account ? { account: { data: { type: 'account', id: account } } } : {}),
  ...(sessionId ? { session: { data: { type: 'session', id: sessionId } } } : {}),
});

const createIdv = (fileList: unknown[], relationships: Record<string, unknown> = rel(undefined, accountId), key = ctx.staging) =>
  ctx.api.request('POST', '/v1/identity/documents/idvs', { key, body: { data: { type: 'document/idv', attributes: { files: fileList }, relationships } } });

const createAddress = (fileList: unknown[], autoSubmit: boolean, relationships: Record<string, unknown> = rel(undefined, accountId)) =>
  ctx.api.request('POST', '/v1/identity/documents/addresses', {
    key: ctx.staging,
    body: { data: { type: 'document/address', attributes: { files: fileList }, relationships }, meta: { auto_submit_for_processing: autoSubmit } },
  });

const get = (kind: 'idvs' | 'addresses', id: string, key = ctx.staging) => ctx.api.request('GET', `/v1/identity/documents/${kind}/${id}`, { key });

/** Waits until the document reaches one of the statuses. */
const settled = (kind: 'idvs' | 'addresses', id: string, statuses: string[]) =>
  pollUntil(async () => {
    const res = await get(kind, id);
    return statuses.includes(res.body.data.attributes.status) ? res.body : undefined;
  }, 90_000);

/** Waits until no file of the document awaits upload. */
const filesSettled = (kind: 'idvs' | 'addresses', id: string) =>
  pollUntil(async () => {
    const res = await get(kind, id);
    return res.body.data.attributes.files.every((f: { status: string }) => f.status !== 'pending_upload') ? res.body : undefined;
  }, 60_000);

describe('identity documents (document/idv)', () => {
  it('uploads a passport image, verifies it, reads its MRZ and completes the session', async () => {
    const sessionId = await openSession();
    const res = await createIdv([{ filename: 'passport.png', byte_size: files.passport.length, checksum: sha256(files.passport).toUpperCase() }], rel(sessionId));
    expect(res.status).toBe(201);
    expect(createdIdvDocument.safeParse(res.body).success).toBe(true);
    const doc = res.body.data;
    expect(doc.attributes.status).toBe('pending');
    expect(doc.relationships).toEqual({ account: { data: { type: 'account', id: accountId } }, session: { data: { type: 'session', id: sessionId } }, verification: { data: null } });
    expect(doc.attributes.files).toEqual([{ id: expect.any(String), filename: 'passport.png', status: 'pending_upload', url: null, content_type: 'image/png', byte_size: files.passport.length, checksum: sha256(files.passport) }]);
    const [slot] = res.body.meta.presigned_upload_urls;
    expect(slot).toEqual({ file_id: doc.attributes.files[0].id, url: expect.stringContaining(`staging/documents/${doc.id}/${doc.attributes.files[0].id}`), expires_in: 900 });
    expect((await ctx.api.request('GET', `/v1/identity/sessions/${sessionId}`, { key: ctx.staging })).body.data.attributes.status).toBe('started');

    expect(await upload(slot.url, files.passport, 'image/png')).toBe(200);
    const done = await settled('idvs', doc.id, ['processed', 'failed']);
    expect(idvDocument.safeParse(done).success).toBe(true);
    const a = done.data.attributes;
    expect(a.processing_errors).toEqual([]);
    expect(a).toMatchObject({
      status: 'processed', document_type: 'passport', document_class: 'P', name: { first: 'JOHN', middle: 'PAUL', last: 'SMITH' }, sex: 'male',
      birth_date: '1985-02-14', document_number: '533401372', expiry_date: '2031-06-30', nationality: 'GBR', issuing_country: 'GBR', personal_number: null,
    });
    expect(a.submitted_at).not.toBeNull();
    expect(a.processed_at).not.toBeNull();
    const file = a.files[0];
    expect(file).toMatchObject({ status: 'uploaded', byte_size: files.passport.length, checksum: sha256(files.passport) });
    expect(a.front_side).toEqual(file);
    // The portrait and signature are cut out of the passport page and stored like uploads (PNG).
    for (const crop of [a.portrait, a.signature]) {
      expect(crop).toMatchObject({ status: 'uploaded', content_type: 'image/png', url: expect.stringMatching(/^http/) });
      const png = Buffer.from(await (await fetch(crop.url)).arrayBuffer());
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    expect(a.files).toHaveLength(1);
    // The file comes back only through the short-lived signed address; the bucket is private.
    const download = await fetch(file.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(files.passport)).toBe(true);
    expect(new URL(file.url).searchParams.get('X-Amz-Expires')).toBe('300');
    const unsigned = new URL(file.url);
    unsigned.search = '';
    expect((await fetch(unsigned)).status).toBe(403);

    const session = (await ctx.api.request('GET', `/v1/identity/sessions/${sessionId}`, { key: ctx.staging })).body.data;
    expect(session.attributes.status).toBe('completed');
    expect(session.attributes.completed_at).not.toBeNull();
    expect(session.relationships.documents.data).toEqual([{ type: 'document/idv', id: doc.id }]);
    const events = await eventsOfResource(ctx.db, doc.id);
    expect(events.map((e) => e.status)).toEqual(['pending', 'submitted', 'processed']);
    expect(JSON.stringify(events.map((e) => e.payload))).not.toMatch(/SMITH|533401372/);
    expect((await eventsOfResource(ctx.db, file.id)).map((e) => e.status)).toEqual(['uploaded']);
  });

  it('fails a zone with a wrong check digit, and an expired document, saying which', async () => {
    const damaged = (await createIdv([{ filename: 'damaged.png' }])).body;
    const expired = (await createIdv([{ filename: 'expired.png' }])).body;
    await upload(damaged.meta.presigned_upload_urls[0].url, files.wrongCheckDigit);
    await upload(expired.meta.presigned_upload_urls[0].url, files.expiredCard);
    const d = (await settled('idvs', damaged.data.id, ['processed', 'failed'])).data.attributes;
    expect(d.status).toBe('failed');
    expect(d.processing_errors).toEqual([expect.objectContaining({ code: 'check_digit_failed', status: '422', meta: { occurred_at: expect.any(String), file_id: damaged.data.attributes.files[0].id } })]);
    expect(d.processing_errors[0].detail).toContain('birth_date');
    const e = (await settled('idvs', expired.data.id, ['processed', 'failed'])).data.attributes;
    expect(e.status).toBe('failed');
    expect(e.processing_errors.map((x: { code: string }) => x.code)).toEqual(['document_expired']);
    // What the zone says is still shown for review.
    expect(e.expiry_date).toBe('2021-01-01');
  });

  it('rejects and deletes a file whose checksum does not match the declared one', async () => {
    const res = await createIdv([{ filename: 'passport.png', checksum: sha256(Buffer.from('something else')) }]);
    const fileId = res.body.data.attributes.files[0].id;
    expect(await upload(res.body.meta.presigned_upload_urls[0].url, files.passport)).toBe(200);
    const done = await settled('idvs', res.body.data.id, ['failed']);
    const a = done.data.attributes;
    expect(a.files[0]).toMatchObject({ status: 'failed', url: null });
    expect(a.processing_errors.map((e: { code: string }) => e.code)).toEqual(['file_checksum_mismatch', 'no_file_uploaded']);
    expect(a.processing_errors[0].meta.file_id).toBe(fileId);
    expect(await ctx.storage.stat(`staging/documents/${res.body.data.id}/${fileId}`)).toBeNull();
  });

  it('rejects a file that is not what its content type says (a PDF sent as a PNG)', async () => {
    const res = await createIdv([{ filename: 'scan.png', content_type: 'image/png' }]);
    await upload(res.body.meta.presigned_upload_urls[0].url, files.oldBill, 'image/png');
    const a = (await settled('idvs', res.body.data.id, ['failed'])).data.attributes;
    expect(a.processing_errors[0]).toMatchObject({ code: 'file_content_type_mismatch', detail: 'the uploaded file is a application/pdf file but was declared as image/png' });
    expect(await ctx.storage.stat(`staging/documents/${res.body.data.id}/${a.files[0].id}`)).toBeNull();
  });

  it('rejects an oversized upload (presigned PUTs cannot cap size) and a size that differs from the declared one', async () => {
    const big = await createIdv([{ filename: 'huge.jpg' }]);
    const oversized = Buffer.alloc(10 * 1024 * 1024 + 1, 0xff);
    expect(await upload(big.body.meta.presigned_upload_urls[0].url, oversized)).toBe(200);
    const a = (await settled('idvs', big.body.data.id, ['failed'])).data.attributes;
    expect(a.processing_errors[0]).toMatchObject({ code: 'file_too_large', detail: 'the uploaded file is 10485761 bytes; the maximum is 10485760 bytes' });
    expect(a.files[0].byte_size).toBeNull();
    expect(await ctx.storage.stat(`staging/documents/${big.body.data.id}/${a.files[0].id}`)).toBeNull();

    const sized = await createIdv([{ filename: 'passport.png', byte_size: 1234 }]);
    await upload(sized.body.meta.presigned_upload_urls[0].url, files.passport);
    const b = (await settled('idvs', sized.body.data.id, ['failed'])).data.attributes;
    expect(b.processing_errors[0]).toMatchObject({ code: 'file_size_mismatch', detail: `the uploaded file is ${files.passport.length} bytes but 1234 bytes were declared` });
  });

  it('processes the good file of two when the other is rejected', async () => {
    const res = await createIdv([{ filename: 'front.png', checksum: sha256(files.passport) }, { filename: 'back.png', checksum: '0'.repeat(64) }]);
    const [front, back] = res.body.meta.presigned_upload_urls;
    await Promise.all([upload(front.url, files.passport), upload(back.url, files.passport)]);
    const a = (await settled('idvs', res.body.data.id, ['processed', 'failed'])).data.attributes;
    expect(a.status).toBe('processed');
    expect(a.files.map((f: { status: string }) => f.status)).toEqual(['uploaded', 'failed']);
    expect(a.processing_errors.map((e: { code: string }) => e.code)).toEqual(['file_checksum_mismatch']);
    expect(a.document_number).toBe('533401372');
  });

  it.each([
    ['five files', [1, 2, 3, 4, 5].map((i) => ({ filename: `f${i}.png` })), '/data/attributes/files'],
    ['a declared size over 10 MiB', [{ filename: 'a.png', byte_size: 10 * 1024 * 1024 + 1 }], '/data/attributes/files/0/byte_size'],
    ['a checksum that is not hex SHA-256', [{ filename: 'a.png', checksum: 'abc' }], '/data/attributes/files/0/checksum'],
    ['an extension that names no accepted type', [{ filename: 'a.gif' }], '/data/attributes/files/0/content_type'],
    ['a PDF for an identity document', [{ filename: 'a.pdf' }], '/data/attributes/files/0/content_type'],
    ['a path as filename', [{ filename: '../etc/passwd.png' }], '/data/attributes/files/0/filename'],
    ['an unknown content type', [{ filename: 'a.png', content_type: 'image/gif' }], '/data/attributes/files/0/content_type'],
  ])('422 for %s', async (_label, fileList, pointer) => {
    const res = await createIdv(fileList);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(pointer);
  });

  it('422 for unknown, foreign or closed relationships; a document without files fails at once (nothing can be added later)', async () => {
    const unknownSession = await createIdv([], rel('00000000-0000-4000-8000-000000000000'));
    expect(unknownSession.body.errors[0]).toMatchObject({ code: 'session_not_found', source: { pointer: '/data/relationships/session/data/id' } });
    expect((await createIdv([], rel(undefined, accountId), ctx.production)).body.errors[0].code).toBe('account_not_found');
    const otherAccount = (await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, body: accountBody() })).body.data.id;
    const sessionId = await openSession();
    expect((await createIdv([], { ...rel(sessionId), ...rel(undefined, otherAccount) })).body.errors[0].code).toBe('relationship_mismatch');
    await ctx.api.request('POST', `/v1/identity/sessions/${sessionId}/decline`, { key: ctx.staging });
    const closed = await createIdv([], rel(sessionId));
    expect(closed.status).toBe(422);
    expect(closed.body.errors[0].code).toBe('session_closed');
    const empty = await createIdv([]);
    expect(empty.status).toBe(201);
    expect(empty.body.meta.presigned_upload_urls).toEqual([]);
    expect(empty.body.data.attributes).toMatchObject({ status: 'failed', files: [], processing_errors: [expect.objectContaining({ code: 'no_file_uploaded' })] });
    expect(empty.body.data.attributes.processed_at).toEqual(expect.any(String));
  });
});

describe('proofs of address (document/address)', () => {
  it('auto-submitted: a recent bill naming the account holder is processed and valid', async () => {
    const res = await createAddress([{ filename: 'bill.pdf', content_type: 'application/pdf', byte_size: files.recentBill.length, checksum: sha256(files.recentBill) }], true);
    expect(res.status).toBe(201);
    expect(createdAddressDocument.safeParse(res.body).success).toBe(true);
    expect(res.body.meta.auto_submit_for_processing).toBe(true);
    await upload(res.body.meta.presigned_upload_urls[0].url, files.recentBill, 'application/pdf');
    const done = await settled('addresses', res.body.data.id, ['processed', 'failed']);
    expect(addressDocument.safeParse(done).success).toBe(true);
    const a = done.data.attributes;
    expect(a).toMatchObject({
      status: 'processed', classification_type: 'utility_bill', is_valid: true,
      name: { first: 'John', middle: 'Paul', last: 'Smith' }, address: { postal_code: 'N7 8QT' },
    });
    expect(`${a.address.line1} ${a.address.line2}`).toContain('Kingfisher Road');
    expect(a.reasoning).toEqual(expect.any(String));
    expect(a.issue_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('without auto-submit it waits after upload, then POST .../submit processes it; an old bill is not valid', async () => {
    const res = await createAddress([{ filename: 'old-bill.pdf', checksum: sha256(files.oldBill) }], false);
    const id = res.body.data.id;
    await upload(res.body.meta.presigned_upload_urls[0].url, files.oldBill);
    const waiting = await filesSettled('addresses', id);
    expect(waiting.data.attributes.status).toBe('pending');
    expect(waiting.data.attributes.files[0].status).toBe('uploaded');
    const submit = await ctx.api.request('POST', `/v1/identity/documents/addresses/${id}/submit`, { key: ctx.staging });
    expect(submit.status).toBe(202);
    // The upload workflow may not have marked the uploads settled yet: then the request is recorded and honoured once it does.
    expect(['pending', 'submitted', 'processed']).toContain(submit.body.data.attributes.status);
    const a = (await settled('addresses', id, ['processed', 'failed'])).data.attributes;
    expect(a).toMatchObject({ status: 'processed', classification_type: 'utility_bill', is_valid: false });
    expect(a.reasoning).toMatch(/issue|date|old|month/i);
    const again = await ctx.api.request('POST', `/v1/identity/documents/addresses/${id}/submit`, { key: ctx.staging });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('document_already_processed');
    expect((await ctx.api.request('POST', '/v1/identity/documents/addresses/00000000-0000-4000-8000-000000000000/submit', { key: ctx.staging })).status).toBe(404);
  });

  it('a submit before the upload is recorded, and the document is processed once its file is in', async () => {
    const res = await createAddress([{ filename: 'bill.pdf' }], false);
    const id = res.body.data.id;
    const early = await ctx.api.request('POST', `/v1/identity/documents/addresses/${id}/submit`, { key: ctx.staging });
    expect(early.status).toBe(202);
    expect(early.body.data.attributes.status).toBe('pending');
    await upload(res.body.meta.presigned_upload_urls[0].url, files.recentBill);
    expect((await settled('addresses', id, ['processed', 'failed'])).data.attributes.status).toBe('processed');
  });

  it('422 without files', async () => {
    const res = await createAddress([], true);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe('/data/attributes/files');
  });
});

describe('document lists', () => {
  let sessionId: string;
  let ids: string[];
  beforeAll(async () => {
    const account = (await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, body: accountBody() })).body.data.id;
    sessionId = await openSession(account);
    ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createIdv([], rel(sessionId))).body.data.id);
    // Documents without files fail at once; the filter test needs a mix.
    await ctx.db.updateTable('identity_documents').set({ status: 'pending' }).where('id', 'in', [ids[0]!, ids[2]!]).execute();
  });

  it('filters idvs by session, account and status, with total and cursors', async () => {
    const bySession = await ctx.api.request('GET', `/v1/identity/documents/idvs?filter[session]=${sessionId}&page[include_total]=true&page[size]=2`, { key: ctx.staging });
    expect(idvListDocument.safeParse(bySession.body).success).toBe(true);
    expect(bySession.body.data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    expect(bySession.body.meta.page).toMatchObject({ total: 3, hasNextPage: true });
    const next = await ctx.api.request('GET', bySession.body.links.next, { key: ctx.staging });
    expect(next.body.data.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    const account = bySession.body.data[0].relationships.account.data.id;
    const byAccount = await ctx.api.request('GET', `/v1/identity/documents/idvs?filter[account]=${account}`, { key: ctx.staging });
    expect(byAccount.body.data).toHaveLength(3);
    const failed = await ctx.api.request('GET', `/v1/identity/documents/idvs?filter[session]=${sessionId}&filter[status]=failed`, { key: ctx.staging });
    expect(failed.body.data.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    expect((await ctx.api.request('GET', '/v1/identity/documents/idvs?filter[status]=done', { key: ctx.staging })).status).toBe(400);
  });

  it('keeps the kinds and environments apart', async () => {
    const addresses = await ctx.api.request('GET', `/v1/identity/documents/addresses?filter[session]=${sessionId}`, { key: ctx.staging });
    expect(addressListDocument.safeParse(addresses.body).success).toBe(true);
    expect(addresses.body.data).toEqual([]);
    expect((await get('addresses', ids[0]!)).status).toBe(404);
    expect((await get('idvs', ids[0]!, ctx.production)).status).toBe(404);
    const production = await ctx.api.request('GET', '/v1/identity/documents/idvs?page[size]=100', { key: ctx.production });
    expect(production.body.data).toEqual([]);
  });
});

describe('a session decline cancels its unfinished documents', () => {
  it('fails pending documents with processing_cancelled and expires their awaited files', async () => {
    const sessionId = await openSession();
    const res = await createIdv([{ filename: 'later.png' }], rel(sessionId));
    const id = res.body.data.id;
    const declined = await ctx.api.request('POST', `/v1/identity/sessions/${sessionId}/decline`, { key: ctx.staging });
    expect(declined.status).toBe(200);
    const a = (await get('idvs', id)).body.data.attributes;
    expect(a.status).toBe('failed');
    expect(a.processing_errors.map((e: { code: string }) => e.code)).toEqual(['processing_cancelled']);
    expect(a.files[0].status).toBe('expired');
    // A late upload is never accepted (and is swept when the upload address expires).
    await upload(res.body.meta.presigned_upload_urls[0].url, files.passport);
    const watch = await ctx.client.workflow.getHandle(documentUploadWorkflowId(id)).describe();
    expect(watch.status.name).toBe('RUNNING');
    expect((await get('idvs', id)).body.data.attributes.status).toBe('failed');
  });
});
