/**
 * Redaction end to end: an account with a session and processed documents (real uploads, real
 * processing) is redacted; then every database row that concerns it is dumped and searched for
 * the personal values, the bucket is checked for its files, and the shells and audit trail are
 * checked to remain. Also: redaction through PATCH redacted_at, on create, and its refusals.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBody, startIdentityContext, type IdentityTestContext } from '../support/identity-test-context.js';
import { documentFixtures, pollUntil, sha256, upload, type DocumentFixtures } from '../support/identity-documents.fixtures.js';

let ctx: IdentityTestContext;
let dir: string;
let files: DocumentFixtures;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'identity-redaction-'));
  [ctx, files] = await Promise.all([startIdentityContext({ temporal: 'workers' }), documentFixtures(dir)]);
});
afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const PERSONAL = ['John', 'JOHN', 'Smith', 'SMITH', 'Kingfisher', 'N7 8QT', '1985-02-14', 'john.smith@example.com', '+44 7700 900123', '533401372', 'QQ123456C', 'cust-redact', 'passport.png', 'bill.pdf', 'Brightwater'];

async function rowsAbout(accountId: string) {
  const sessions = await ctx.db.selectFrom('sessions').selectAll().where('account_id', '=', accountId).execute();
  const sessionIds = sessions.map((s) => s.id);
  const documents = await ctx.db.selectFrom('identity_documents').selectAll()
    .where((eb) => eb.or([eb('account_id', '=', accountId), ...(sessionIds.length ? [eb('session_id', 'in', sessionIds)] : [])])).execute();
  const documentFiles = documents.length ? await ctx.db.selectFrom('identity_document_files').selectAll().where('document_id', 'in', documents.map((d) => d.id)).execute() : [];
  return {
    account: await ctx.db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow(),
    sessions, documents, documentFiles,
    outbox: await ctx.db.selectFrom('events').selectAll().execute(),
    idempotency: await ctx.db.selectFrom('idempotency_keys').selectAll().execute(),
  };
}

const waitFor = (kind: string, id: string, status: string) =>
  pollUntil(async () => {
    const res = await ctx.api.request('GET', `/v1/identity/documents/${kind}/${id}`, { key: ctx.staging });
    return res.body.data.attributes.status === status ? res.body.data : undefined;
  }, 90_000);

describe('account redaction', () => {
  it('removes the personal data of the account, its sessions and documents, and their files; keeps shells and events', async () => {
    const account = await ctx.api.request('POST', '/v1/identity/accounts', {
      key: ctx.staging,
      headers: { 'Idempotency-Key': 'create-john' },
      body: accountBody({
        external_id: 'cust-redact',
        person: { name: { first: 'John', middle: 'Paul', last: 'Smith' }, birth_date: '1985-02-14' },
        address: { line1: '14 Kingfisher Road', locality: 'London', postal_code: 'N7 8QT', country_code: 'GB' },
      }),
    });
    const accountId = account.body.data.id;
    const session = await ctx.api.request('POST', '/v1/identity/sessions', {
      key: ctx.staging,
      body: { data: { attributes: { contact: { email: 'john.smith@example.com', phone: '+44 7700 900123' }, behavior_analysis: { bot_score: 1, threat_level: 'low' } }, relationships: { account: { data: { type: 'account', id: accountId } } } } },
    });
    const sessionId = session.body.data.id;
    const sessionRel = { session: { data: { type: 'session', id: sessionId } } };
    const idv = (await ctx.api.request('POST', '/v1/identity/documents/idvs', { key: ctx.staging, body: { data: { attributes: { files: [{ filename: 'passport.png' }] }, relationships: sessionRel } } })).body;
    const address = (await ctx.api.request('POST', '/v1/identity/documents/addresses', {
      key: ctx.staging, body: { data: { attributes: { files: [{ filename: 'bill.pdf', checksum: sha256(files.recentBill) }] }, relationships: sessionRel }, meta: { auto_submit_for_processing: true } },
    })).body;
    const pending = (await ctx.api.request('POST', '/v1/identity/documents/idvs', { key: ctx.staging, body: { data: { attributes: { files: [{ filename: 'passport.png' }] }, relationships: { account: { data: { type: 'account', id: accountId } } } } } })).body;
    await upload(idv.meta.presigned_upload_urls[0].url, files.passport);
    await upload(address.meta.presigned_upload_urls[0].url, files.recentBill);
    await waitFor('idvs', idv.data.id, 'processed');
    await waitFor('addresses', address.data.id, 'processed');
    // Verified files are kept at `<upload key>.verified`; the pending one was never uploaded.
    const uploadKeys = [idv, address, pending].map((d) => `staging/documents/${d.data.id}/${d.data.attributes.files[0].id}`);
    const fileKeys = [...uploadKeys, ...uploadKeys.map((k) => `${k}.verified`)];
    expect(await ctx.storage.stat(`${uploadKeys[0]!}.verified`)).not.toBeNull();
    const before = await rowsAbout(accountId);
    const dumpBefore = JSON.stringify(before);
    for (const value of ['SMITH', 'Kingfisher', 'john.smith@example.com', '533401372', 'passport.png']) expect(dumpBefore).toContain(value);
    const eventsBefore = before.outbox.length;

    const res = await ctx.api.request('POST', `/v1/identity/accounts/${accountId}/redact`, { key: ctx.staging });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ external_id: null, person: null, business: null, contact: null, address: null, identity_numbers: [], status: 'active' });
    expect(res.body.data.attributes.redacted_at).toMatch(/Z$/);
    expect(res.body.data.relationships.sessions.data).toEqual([{ type: 'session', id: sessionId }]);

    const after = await rowsAbout(accountId);
    const dump = JSON.stringify(after);
    for (const value of PERSONAL) expect(dump, `"${value}" remains in the database`).not.toContain(value);
    expect(dump).not.toContain(sha256(files.passport));
    for (const key of fileKeys) expect(await ctx.storage.stat(key), key).toBeNull();

    // Shells and the audit trail remain.
    expect(after.sessions.map((s) => [s.id, s.status])).toEqual([[sessionId, 'completed']]);
    expect(after.sessions[0]!.redacted_at).not.toBeNull();
    expect(after.documents.map((d) => d.id).sort()).toEqual([idv.data.id, address.data.id, pending.data.id].sort());
    expect(after.documentFiles.every((f) => f.status === 'redacted' && f.filename === null)).toBe(true);
    expect(after.outbox.length).toBeGreaterThan(eventsBefore);
    // Five file records: the three uploads, and the portrait and signature cut out of the processed passport.
    expect(after.documentFiles.map((f) => f.role).sort()).toEqual(['portrait', 'signature', 'upload', 'upload', 'upload']);
    for (const file of after.documentFiles) expect(await ctx.storage.stat(file.object_key), file.object_key).toBeNull();
    expect(after.outbox.filter((e) => e.status === 'redacted').map((e) => e.resource_type).sort()).toEqual(
      ['account', 'document/address', 'document/idv', 'document/idv', 'document_file', 'document_file', 'document_file', 'document_file', 'document_file', 'session'].sort(),
    );
    const doc = (await ctx.api.request('GET', `/v1/identity/documents/idvs/${idv.data.id}`, { key: ctx.staging })).body.data.attributes;
    expect(doc).toMatchObject({ status: 'processed', name: null, document_number: null, birth_date: null });
    expect(doc.files[0]).toMatchObject({ status: 'redacted', filename: null, url: null, checksum: null });
    const unfinished = (await ctx.api.request('GET', `/v1/identity/documents/idvs/${pending.data.id}`, { key: ctx.staging })).body.data.attributes;
    expect(unfinished.status).toBe('failed');
    expect(unfinished.processing_errors.map((e: { code: string }) => e.code)).toEqual(['document_redacted']);
    // The idempotent replay of the create is gone with the data it carried, and the key stays spent:
    // a retry of the original request must not create the account again from the erased data.
    const accountsBefore = (await ctx.db.selectFrom('accounts').select('id').execute()).length;
    const original = accountBody({
      external_id: 'cust-redact',
      person: { name: { first: 'John', middle: 'Paul', last: 'Smith' }, birth_date: '1985-02-14' },
      address: { line1: '14 Kingfisher Road', locality: 'London', postal_code: 'N7 8QT', country_code: 'GB' },
    });
    for (const body of [original, accountBody({ external_id: 'cust-redact-2' })]) {
      const replay = await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, headers: { 'Idempotency-Key': 'create-john' }, body });
      expect(replay.status).toBe(409);
      expect(replay.body.errors[0]).toMatchObject({ code: 'idempotency_key_redacted', source: { header: 'Idempotency-Key' } });
      expect(JSON.stringify(replay.body)).not.toMatch(/John|Smith|Kingfisher|cust-redact/);
    }
    expect((await ctx.db.selectFrom('accounts').select('id').execute()).length).toBe(accountsBefore);
    const stored = await ctx.db.selectFrom('idempotency_keys').selectAll().where('idempotency_key', '=', 'create-john').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ request_hash: 'redacted', response_body: null, response_headers: null, response_status: 409 });

    // Redacting again changes nothing; redaction cannot be undone; no personal data can be added.
    const again = await ctx.api.request('POST', `/v1/identity/accounts/${accountId}/redact`, { key: ctx.staging });
    expect(again.body.data.attributes.redacted_at).toBe(res.body.data.attributes.redacted_at);
    const undo = await ctx.api.request('PATCH', `/v1/identity/accounts/${accountId}`, { key: ctx.staging, body: { data: { attributes: { redacted_at: null } } } });
    expect(undo.status).toBe(409);
    expect(undo.body.errors[0].code).toBe('account_redacted');
    const refill = await ctx.api.request('PATCH', `/v1/identity/accounts/${accountId}`, { key: ctx.staging, body: { data: { attributes: { person: { name: { first: 'John' } } } } } });
    expect(refill.status).toBe(409);
    const status = await ctx.api.request('PATCH', `/v1/identity/accounts/${accountId}`, { key: ctx.staging, body: { data: { attributes: { status: 'inactive' } } } });
    expect(status.body.data.attributes.status).toBe('inactive');
    const newSession = await ctx.api.request('POST', '/v1/identity/sessions', { key: ctx.staging, body: { data: { relationships: { account: { data: { type: 'account', id: accountId } } } } } });
    expect(newSession.body.errors[0].code).toBe('account_redacted');
  });

  it('PATCH redacted_at redacts; redacted_at on create stores no personal data; 404 for another environment', async () => {
    const created = (await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, body: accountBody({ external_id: 'patch-redact' }) })).body.data;
    expect((await ctx.api.request('POST', `/v1/identity/accounts/${created.id}/redact`, { key: ctx.production })).status).toBe(404);
    const patched = await ctx.api.request('PATCH', `/v1/identity/accounts/${created.id}`, { key: ctx.staging, body: { data: { attributes: { redacted_at: '2026-01-01T00:00:00Z' } } } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes).toMatchObject({ person: null, address: null, external_id: null, identity_numbers: [] });
    expect(patched.body.data.attributes.redacted_at).not.toBe('2026-01-01T00:00:00.000Z');
    const born = await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, body: accountBody({ external_id: 'born-redacted', redacted_at: '2026-01-01T00:00:00Z' }) });
    expect(born.status).toBe(201);
    expect(born.body.data.attributes).toMatchObject({ person: null, address: null, external_id: null, identity_numbers: [] });
    const row = await ctx.db.selectFrom('accounts').select(sql<string>`row_to_json(accounts)::text`.as('json')).where('id', '=', born.body.data.id).executeTakeFirstOrThrow();
    expect(row.json).not.toContain('Lovelace');
  });
});
