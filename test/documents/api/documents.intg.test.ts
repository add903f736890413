/**
 * Generic documents end to end on real PostgreSQL, MinIO and Temporal: templates (JSON Schema
 * checked, versions), a document uploaded through its presigned address, verified, processed by
 * the stage workflow into extracted data with coordinates and a fraud result, with its events;
 * a tampered PDF flagged; files that lie about their type, unreadable and password-protected
 * files failed with their reason; sparse fieldsets; scopes; environments; redaction.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentCreatedDocument, documentDocument, documentListDocument } from '../../../api/documents/document.schemas.js';
import { templateDocument } from '../../../api/document-templates/document-template.schemas.js';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { startEventsContext, type EventsTestContext } from '../../events/support/events-test-context.js';
import { pollUntil } from '../../support/poll.js';
import { createTestKey } from '../../support/test-keys.js';
import { composeDocument, type CorpusDocument } from '../corpus/corpus-documents.js';
import { appendTextEdit } from '../corpus/incremental-update.writer.js';
import { recordHistory } from '../support/workflow-histories.js';
import { writeWithPdfLib } from '../corpus/pdf-writers.js';
import { seededRandom } from '../corpus/seeded-random.js';

const run = promisify(execFile);
let ctx: EventsTestContext;
let dir: string;
let invoice: CorpusDocument;
let invoicePdf: Uint8Array;

beforeAll(async () => {
  ctx = await startEventsContext();
  dir = await mkdtemp(path.join(tmpdir(), 'documents-api-'));
  invoice = composeDocument('invoice', 'en', 0, seededRandom(7));
  invoicePdf = await writeWithPdfLib(invoice.page);
});
afterAll(async () => {
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

async function createDocument(body: Record<string, unknown>, key = ctx.staging) {
  return ctx.api.request('POST', '/v1/documents', { key, body });
}
const documentBody = (file: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ data: { type: 'document', attributes: { file }, ...extra } });

async function upload(created: { body: { meta: { presigned_upload_urls: { url: string }[] } } }, bytes: Uint8Array) {
  const put = await fetch(created.body.meta.presigned_upload_urls[0]!.url, { method: 'PUT', body: Buffer.from(bytes) });
  expect(put.status).toBe(200);
}

async function finished(id: string, key = ctx.staging) {
  return pollUntil(async () => {
    const res = await ctx.api.request('GET', `/v1/documents/${id}`, { key });
    return ['processed', 'failed'].includes(res.body.data.attributes.status) ? res : undefined;
  }, 120_000, 250);
}

describe('document templates', () => {
  it('refuse a schema that is not JSON Schema, with a pointer; version on every PATCH', async () => {
    const bad = await ctx.api.request('POST', '/v1/document-templates', {
      key: ctx.staging,
      body: { data: { type: 'document-template', attributes: { name: 'Invoices', extraction_config: { enabled: true, schema: { type: 'object', properties: { total: { type: 'amount' } } } }, fraud_config: { enabled: true } } } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ code: 'invalid_extraction_schema' });
    expect(bad.body.errors[0].source.pointer).toMatch(/^\/data\/attributes\/extraction_config\/schema/);
    const noProperties = await ctx.api.request('POST', '/v1/document-templates', {
      key: ctx.staging, body: { data: { type: 'document-template', attributes: { name: 'X', extraction_config: { enabled: true, schema: { type: 'object' } }, fraud_config: { enabled: false } } } },
    });
    expect(noProperties.status).toBe(422);
    expect(noProperties.body.errors[0].source.pointer).toBe('/data/attributes/extraction_config/schema/properties');

    const made = await ctx.api.request('POST', '/v1/document-templates', {
      key: ctx.staging,
      body: { data: { type: 'document-template', attributes: { name: 'Invoices', document_class_type: 'invoice', extraction_config: { enabled: true, schema: invoice.schema, extraction_rules: null }, fraud_config: { enabled: true, requires_digital_signature: false } } } },
    });
    expect(made.status).toBe(201);
    expect(templateDocument.safeParse(made.body).success).toBe(true);
    expect(made.body.data.attributes.version).toBe(1);
    const patched = await ctx.api.request('PATCH', `/v1/document-templates/${made.body.data.id}`, { key: ctx.staging, body: { data: { attributes: { description: 'supplier invoices' } } } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes).toMatchObject({ version: 2, description: 'supplier invoices', name: 'Invoices' });
    expect(patched.body.data.attributes.extraction_config).toEqual(made.body.data.attributes.extraction_config);
    expect((await ctx.api.request('GET', `/v1/document-templates/${made.body.data.id}`, { key: ctx.production })).status).toBe(404);
    // A PATCH that changes nothing makes no version; the JSON:API resource object may name the
    // template (any case) but no other.
    const id = made.body.data.id as string;
    const empty = await ctx.api.request('PATCH', `/v1/document-templates/${id}`, { key: ctx.staging, body: { data: { attributes: {} } } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].source.pointer).toBe('/data/attributes');
    const named = await ctx.api.request('PATCH', `/v1/document-templates/${id}`, { key: ctx.staging, body: { data: { type: 'document-template', id: id.toUpperCase(), attributes: { name: 'Invoices' } } } });
    expect(named.status).toBe(200);
    expect(named.body.data.attributes.version).toBe(3);
    const other = await ctx.api.request('PATCH', `/v1/document-templates/${id}`, { key: ctx.staging, body: { data: { id: '00000000-0000-4000-8000-000000000000', attributes: { name: 'x' } } } });
    expect(other.status).toBe(409);
    expect(other.body.errors[0]).toMatchObject({ code: 'id_mismatch', source: { pointer: '/data/id' } });
    expect((await ctx.api.request('GET', `/v1/document-templates/${id}`, { key: ctx.staging })).body.data.attributes.version).toBe(3);
    templateId = made.body.data.id;
  });
});

let templateId: string;

describe('documents', () => {
  it('upload, verify and process a PDF into extracted data with coordinates and a fraud result', async () => {
    const created = await createDocument(documentBody({ filename: 'invoice.pdf' }, { relationships: { document_template: { data: { type: 'document-template', id: templateId } } } }));
    expect(created.status).toBe(201);
    expect(documentCreatedDocument.safeParse(created.body).success).toBe(true);
    expect(created.body.data.attributes).toMatchObject({ status: 'pending', file: { filename: 'invoice.pdf', content_type: 'application/pdf', status: 'pending_upload', url: null } });
    await upload(created, invoicePdf);
    const done = await finished(created.body.data.id);
    expect(documentDocument.safeParse(done.body).success).toBe(true);
    const a = done.body.data.attributes;
    expect(a.status, JSON.stringify(a.processing_errors)).toBe('processed');
    for (const [field, value] of Object.entries(invoice.truth)) {
      if (typeof value !== 'object') expect(a.extracted_data[field], field).toEqual(value);
    }
    const total = a.extracted_data_coordinates.fields.total[0];
    expect(total).toMatchObject({ surface: { type: 'page', number: 1 }, coordinate_space: 'normalized_page' });
    expect(total.bbox.left).toBeGreaterThan(0);
    expect(total.bbox.left + total.bbox.width).toBeLessThanOrEqual(1);
    expect(a.fraud_result.score).toBe('NORMAL');
    expect(a.fraud_result.document_classification).toMatchObject({ document_class_type: 'invoice' });
    expect(a.file).toMatchObject({ status: 'uploaded', byte_size: invoicePdf.length });
    expect(a.file.url).toMatch(/^http/);
    expect(done.body.data.relationships.document_template.data).toEqual({ type: 'document-template', id: templateId });
    expect(done.body.data.meta).toMatchObject({
      ocr_external_id: `document-analysis-${created.body.data.id}/extract-text`,
      fraud_check_external_id: `document-analysis-${created.body.data.id}/fraud-analysis`,
      extraction_config: { enabled: true }, fraud_config: { enabled: true },
    });
    expect((await eventsOfResource(ctx.db, created.body.data.id)).map((e) => e.type)).toEqual(['document.pending', 'document.submitted', 'document.processing', 'document.processed']);
    const row = await ctx.db.selectFrom('documents').select('template_version').where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
    expect(row.template_version).toBe(3);
    await recordHistory(ctx.temporal.client, `document-analysis-${created.body.data.id}`, 'document-analysis.processed');
    await recordHistory(ctx.temporal.client, `document-upload-${created.body.data.id}`, 'document-upload.generic-processed');
  });

  it('flag an amount edited by an incremental update, where it is printed', async () => {
    const changed = invoice.editable.amount.replace(/^(\d)/, (d) => String((Number(d) % 9) + 1));
    const tampered = await appendTextEdit(invoicePdf, invoice.editable.amount, changed);
    const created = await createDocument({ ...documentBody({ filename: 'edited.pdf', content_type: 'application/pdf' }), meta: { fraud_config: { enabled: true } } });
    await upload(created, tampered);
    const done = await finished(created.body.data.id);
    const a = done.body.data.attributes;
    expect(a.status).toBe('processed');
    expect(a.fraud_result.score).toBe('HIGH_RISK');
    expect(a.fraud_result.indicators.map((i: { id: string }) => i.id)).toContain('incremental_update_text_changed');
    const where = a.fraud_result_coordinates.indicators.incremental_update_text_changed[0];
    // The changed run, with the text before and after (the amount, without its currency).
    expect(where.detail.original_text.length).toBeGreaterThan(3);
    expect(invoice.editable.amount).toContain(where.detail.original_text);
    expect(changed).toContain(where.detail.new_text);
    expect(where.detail.original_text).not.toBe(where.detail.new_text);
    expect(a.extracted_data).toBeNull();
  });

  it('fail a file that lies about its type, an unreadable one and a password-protected one, saying why', async () => {
    const png = await createDocument(documentBody({ filename: 'scan.pdf' }));
    await upload(png, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    const lied = (await finished(png.body.data.id)).body.data.attributes;
    expect(lied.status).toBe('failed');
    expect(lied.processing_errors.map((e: { code: string }) => e.code)).toEqual(['file_content_type_mismatch', 'no_file_uploaded']);
    expect(lied.file.status).toBe('failed');

    const garbage = await createDocument(documentBody({ filename: 'broken.pdf' }));
    await upload(garbage, Buffer.from('%PDF-1.7\nthis is not a PDF at all\n%%EOF\n'));
    const broken = (await finished(garbage.body.data.id)).body.data.attributes;
    expect(broken.status).toBe('failed');
    expect(broken.processing_errors.map((e: { code: string }) => e.code)).toContain('file_unreadable');
    await recordHistory(ctx.temporal.client, `document-analysis-${garbage.body.data.id}`, 'document-analysis.failed');

    await writeFile(path.join(dir, 'plain.pdf'), invoicePdf);
    await run('qpdf', ['--encrypt', 'user-secret', 'owner-secret', '256', '--', path.join(dir, 'plain.pdf'), path.join(dir, 'locked.pdf')]);
    const locked = await createDocument(documentBody({ filename: 'locked.pdf' }));
    await upload(locked, new Uint8Array(await readFile(path.join(dir, 'locked.pdf'))));
    const protectedDoc = (await finished(locked.body.data.id)).body.data.attributes;
    expect(protectedDoc.status).toBe('failed');
    expect(protectedDoc.processing_errors.map((e: { code: string }) => e.code)).toContain('pdf_password_protected');
  });

  it('refuse bad declarations and configs at creation', async () => {
    const noType = await createDocument(documentBody({ filename: 'scan.docx' }));
    expect(noType.status).toBe(422);
    expect(noType.body.errors[0]).toMatchObject({ code: 'content_type_required', source: { pointer: '/data/attributes/file/content_type' } });
    const badSchema = await createDocument({ ...documentBody({ filename: 'a.pdf' }), meta: { extraction_config: { enabled: true, schema: { type: 'array' } } } });
    expect(badSchema.status).toBe(422);
    expect(badSchema.body.errors[0].source.pointer).toBe('/meta/extraction_config/schema/type');
    const unknownTemplate = await createDocument(documentBody({ filename: 'a.pdf' }, { relationships: { document_template: { data: { type: 'document-template', id: '00000000-0000-4000-8000-000000000000' } } } }));
    expect(unknownTemplate.status).toBe(422);
    expect(unknownTemplate.body.errors[0].code).toBe('document_template_not_found');
  });

  it('answer sparse fieldsets exactly as the spec says', async () => {
    const id = (await ctx.api.request('GET', '/v1/documents?filter[status]=processed', { key: ctx.staging })).body.data[0].id;
    const some = await ctx.api.request('GET', `/v1/documents/${id}?fields[document]=status,file,session`, { key: ctx.staging });
    expect(Object.keys(some.body.data).sort()).toEqual(['attributes', 'id', 'relationships', 'type']);
    expect(Object.keys(some.body.data.attributes).sort()).toEqual(['file', 'status']);
    expect(Object.keys(some.body.data.relationships)).toEqual(['session']);
    const none = await ctx.api.request('GET', `/v1/documents/${id}?fields[document]=`, { key: ctx.staging });
    expect(none.body.data).toEqual({ type: 'document', id });
    const unknown = await ctx.api.request('GET', `/v1/documents/${id}?fields[document]=status,color`, { key: ctx.staging });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'invalid_parameter', source: { parameter: 'fields[document]' } });
    expect(unknown.body.errors[0].detail).toContain('color');
  });

  it('list with filters, keep environments apart, and need their scopes', async () => {
    const list = await ctx.api.request('GET', `/v1/documents?filter[document_template]=${templateId}`, { key: ctx.staging });
    expect(documentListDocument.safeParse(list.body).success).toBe(true);
    expect(list.body.data.every((d: { relationships: { document_template: { data: { id: string } } } }) => d.relationships.document_template.data.id === templateId)).toBe(true);
    expect((await ctx.api.request('GET', '/v1/documents', { key: ctx.production })).body.data).toEqual([]);
    const reader = await createTestKey(ctx.db, 'staging', ['documents:read'], 'reader');
    expect((await ctx.api.request('GET', '/v1/documents', { key: reader.key })).status).toBe(200);
    expect((await createDocument(documentBody({ filename: 'a.pdf' }), reader.key)).status).toBe(403);
    expect((await ctx.api.request('GET', '/v1/document-templates', { key: reader.key })).status).toBe(403);
  });

  it('lose extracted data, text and the file when the session\'s account is redacted', async () => {
    const account = await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, body: { data: { attributes: { person: { name: { first: 'Amelia', last: 'Hartley' } } } } } });
    const session = await ctx.api.request('POST', '/v1/identity/sessions', { key: ctx.staging, body: { data: { relationships: { account: { data: { type: 'account', id: account.body.data.id } } } } } });
    const created = await createDocument(documentBody({ filename: 'invoice.pdf' }, {
      relationships: { document_template: { data: { type: 'document-template', id: templateId } }, session: { data: { type: 'session', id: session.body.data.id } } },
    }));
    await upload(created, invoicePdf);
    const done = await finished(created.body.data.id);
    expect(done.body.data.attributes.extracted_data).not.toBeNull();
    const redact = await ctx.api.request('POST', `/v1/identity/accounts/${account.body.data.id}/redact`, { key: ctx.staging });
    expect(redact.status).toBe(200);
    const after = (await ctx.api.request('GET', `/v1/documents/${created.body.data.id}`, { key: ctx.staging })).body.data;
    expect(after.attributes).toMatchObject({ extracted_data: null, extracted_data_coordinates: null, fraud_result_coordinates: null, file: { status: 'redacted', filename: null, url: null } });
    expect(after.attributes.redacted_at).not.toBeNull();
    expect(after.attributes.fraud_result.file_metadata).toEqual({});
    expect(JSON.stringify(after)).not.toContain(invoice.editable.name);
    expect(await ctx.storage.stat(`staging/documents/${created.body.data.id}/${after.attributes.file.id}`)).toBeNull();
    expect(await ctx.storage.stat(`staging/documents/${created.body.data.id}/${after.attributes.file.id}.verified`)).toBeNull();
    expect((await eventsOfResource(ctx.db, created.body.data.id)).map((e) => e.type).at(-1)).toBe('document.redacted');
  });
});
