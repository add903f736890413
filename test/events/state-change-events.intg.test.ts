/**
 * Every state change of every family records exactly one event per changed record, written by
 * the same transaction as the change (the event's transaction id is the changed row's xmin), with
 * the actor that caused it; a change that is no longer possible records nothing. Table-driven:
 * each row runs one transition and names the events it must leave.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, redactAccount, updateIdentityAccount } from '../../activities/identity/accounts/account.transitions.js';
import { acceptUploadedFile, createIdentityDocument, failDocument, rejectUploadedFile, settleDocumentUploads, storeDocumentProcessing } from '../../activities/identity/documents/identity-document.transitions.js';
import { errorItem } from '../../activities/identity/documents/document-error-items.model.js';
import { approveSession, declineSession, expireSession, openSession } from '../../activities/identity/sessions/session.transitions.js';
import { createBusinessLookup, finishBusinessLookup } from '../../activities/businesses/business.transitions.js';
import { createScreening, failedOutcome, finishScreening, screeningEventPayload, startScreening } from '../../activities/screening/screening.transitions.js';
import { activateListVersion } from '../../activities/screening/list-store/list-version.transitions.js';
import { createWebhookConfig, deactivateWebhookConfig, deleteWebhookConfig, updateWebhookConfigAttributes } from '../../activities/webhooks/webhook-config.transitions.js';
import { createAuditStream, deactivateAuditStream, deleteAuditStream } from '../../activities/audit/audit-stream.transitions.js';
import { apiKeyActor, systemActor, type Actor } from '../../activities/events/actor.model.js';
import { filesOfDocuments } from '../../infra/db/repositories/identity-documents.repository.js';
import { insertLoadingVersion } from '../../infra/db/repositories/list-versions.repository.js';
import { pendingScreeningRow } from '../../infra/db/repositories/screenings.repository.js';
import type { EventRow } from '../../infra/db/tables/events.table.js';
import { testSecrets } from '../support/test-config.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.destroy();
});

const user: Actor = apiKeyActor({ id: randomUUID(), name: 'backoffice' }, 'req-1');
const system: Actor = systemActor('test-workflow');
const now = () => new Date();

let lastSequence = '0';
async function newEvents(): Promise<EventRow[]> {
  const rows = await tdb.db.selectFrom('events').selectAll().where('sequence', '>', lastSequence).where('category', '=', 'change').orderBy('sequence').execute();
  if (rows.length > 0) lastSequence = rows[rows.length - 1]!.sequence;
  return rows;
}

/** The change events of one resource. */
async function expectEventsSince(resourceId: string): Promise<EventRow[]> {
  return tdb.db.selectFrom('events').selectAll().where('resource_id', '=', resourceId).where('category', '=', 'change').orderBy('sequence').execute();
}

/** The xid (32 bits) of the transaction that last wrote the row. */
async function writerOf(table: string, id: string): Promise<string> {
  const row = await sql<{ xmin: string }>`select xmin::text as xmin from ${sql.table(table)} where id = ${id}`.execute(tdb.db);
  return row.rows[0]!.xmin;
}
const low32 = (xid8: string) => String(BigInt(xid8) & 0xffffffffn);

async function expectEvents(step: () => Promise<unknown>, expected: { type: string; table?: string; id?: () => string; actor?: Actor }[]): Promise<EventRow[]> {
  await newEvents();
  await step();
  const events = await newEvents();
  expect(events.map((e) => e.type)).toEqual(expected.map((e) => e.type));
  for (const [i, e] of expected.entries()) {
    const event = events[i]!;
    if (e.table && e.id) {
      expect(event.resource_id).toBe(e.id());
      expect(low32(event.tx_id), `${e.type} is written by the transaction that changed ${e.table}`).toBe(await writerOf(e.table, e.id()));
    }
    if (e.actor) expect({ type: event.actor_type, name: event.actor_name }).toEqual({ type: e.actor.type, name: e.actor.name });
  }
  return events;
}

describe('every state change records exactly one event in its own transaction', () => {
  const ids: Record<string, string> = {};
  const env = 'staging' as const;

  it('screenings', async () => {
    const [created] = await expectEvents(async () => {
      ids.screening = (await createScreening(tdb.db, user, { environment: env, type: 'screening/watchlist', executionMode: 'async', query: { name_first: 'A', name_last: 'B' }, ignoreList: [], accountId: null, businessId: null })).id;
    }, [{ type: 'screening.pending', table: 'screenings', id: () => ids.screening!, actor: user }]);
    expect(created!.request_id).toBe('req-1');
    await expectEvents(() => startScreening(tdb.db, system, env, ids.screening!, now()), [{ type: 'screening.processing', table: 'screenings', id: () => ids.screening!, actor: system }]);
    await expectEvents(() => finishScreening(tdb.db, system, env, ids.screening!, failedOutcome([{ code: 'x', message: 'y', details: {} }]), now()), [{ type: 'screening.failed', table: 'screenings', id: () => ids.screening! }]);
    // No longer possible: nothing changes, nothing is recorded.
    await expectEvents(() => finishScreening(tdb.db, system, env, ids.screening!, failedOutcome([]), now()), []);
    await expectEvents(() => startScreening(tdb.db, system, env, ids.screening!, now()), []);
  });

  it('a screening is created with its event in one statement, the event describing the stored row', async () => {
    const account = (await createAccount(tdb.db, user, { environment: env, externalId: `ext-${randomUUID()}`, status: 'active', entityType: 'person', person: { name: { first: 'A' } }, business: null, address: null, identityNumbers: [], at: now(), redact: false })).id;
    const session = (await openSession(tdb.db, user, { environment: env, accountId: account, at: now(), expiresAt: new Date(Date.now() + 86_400_000), accountContact: null, members: () => ({ creatorType: 'api_key', creatorId: null, person: null, business: null, identityNumber: null, contact: null, address: null, behaviorAnalysis: null }) })).id;
    const business = (await createBusinessLookup(tdb.db, user, { environment: env, sessionId: session, country: 'ZZ', searchInput: {} })).id;
    const variants = [
      { executionMode: 'sync', accountId: account.toUpperCase(), businessId: null, monitor: true },
      { executionMode: 'async', accountId: null, businessId: business.toUpperCase(), monitor: false, origin: 'batch' as const, type: 'screening/business-watchlist' },
      { executionMode: 'async', accountId: account, businessId: business },
    ];
    for (const v of variants) {
      // Statements the builder sends (the old transaction sent two, between BEGIN and COMMIT).
      const statements: string[] = [];
      const s = { environment: env, type: v.type ?? 'screening/watchlist', query: { name_first: 'A', name_last: 'B' }, ignoreList: [], ...v };
      const row = await createScreening(tdb.db.withPlugin({ transformQuery: (args) => (statements.push(args.node.kind), args.node), transformResult: async (args) => args.result }), user, s);
      expect(statements).toHaveLength(1);
      const events = await expectEventsSince(row.id);
      expect(events).toHaveLength(1);
      expect(events[0]!.payload).toEqual(screeningEventPayload(row));
      expect(events[0]!.type).toBe('screening.pending');
      expect(low32(events[0]!.tx_id)).toBe(await writerOf('screenings', row.id));
      // The row the event was made from is the stored row, field by field.
      const expected = pendingScreeningRow(row.id, s);
      expect(Object.fromEntries(Object.keys(expected).map((k) => [k, row[k as keyof typeof row]]))).toEqual(expected);
    }
    // Inside a caller's transaction (a workflow step): one statement of it, rolled back with it.
    let inside = '';
    await tdb.db.transaction().execute(async (trx) => {
      inside = (await createScreening(trx, user, { environment: env, type: 'screening/watchlist', executionMode: 'async', query: {}, ignoreList: [], accountId: null, businessId: null })).id;
      throw new Error('roll back');
    }).catch((error: Error) => expect(error.message).toBe('roll back'));
    expect(await tdb.db.selectFrom('screenings').select('id').where('id', '=', inside).execute()).toEqual([]);
    expect(await expectEventsSince(inside)).toEqual([]);
  });

  it('accounts and sessions', async () => {
    await expectEvents(async () => {
      ids.account = (await createAccount(tdb.db, user, { environment: env, externalId: `ext-${randomUUID()}`, status: 'active', entityType: 'person', person: { name: { first: 'A' } }, business: null, address: null, identityNumbers: [], at: now(), redact: false })).id;
    }, [{ type: 'account.created', table: 'accounts', id: () => ids.account! }]);
    await expectEvents(() => updateIdentityAccount(tdb.db, user, { environment: env, id: ids.account!, at: now(), personalAttributes: [], unredact: false, redact: false, changes: () => ({ status: 'suspended' }) }),
      [{ type: 'account.updated', table: 'accounts', id: () => ids.account! }]);
    await expectEvents(() => updateIdentityAccount(tdb.db, user, { environment: env, id: ids.account!, at: now(), personalAttributes: [], unredact: false, redact: false, changes: () => ({}) }), []);
    await expectEvents(async () => {
      ids.session = (await openSession(tdb.db, user, { environment: env, accountId: ids.account!, at: now(), expiresAt: new Date(Date.now() + 86_400_000), accountContact: null, members: () => ({ creatorType: 'api_key', creatorId: null, person: null, business: null, identityNumber: null, contact: null, address: null, behaviorAnalysis: null }) })).id;
    }, [{ type: 'session.created', table: 'sessions', id: () => ids.session! }]);
    await expectEvents(() => declineSession(tdb.db, user, env, ids.session!, now()), [{ type: 'session.declined', table: 'sessions', id: () => ids.session!, actor: user }]);
    await expectEvents(() => declineSession(tdb.db, user, env, ids.session!, now()), []);
    await expect(approveSession(tdb.db, user, env, ids.session!, now())).rejects.toMatchObject({ code: 'session_not_approvable' });
    expect(await newEvents()).toEqual([]);
    const other = await openSession(tdb.db, user, { environment: env, accountId: ids.account!, at: now(), expiresAt: new Date(Date.now() + 86_400_000), accountContact: null, members: () => ({ creatorType: 'api_key', creatorId: null, person: null, business: null, identityNumber: null, contact: null, address: null, behaviorAnalysis: null }) });
    await newEvents();
    await expectEvents(() => expireSession(tdb.db, system, env, other.id, now()), [{ type: 'session.expired', table: 'sessions', id: () => other.id }]);
  });

  it('identity documents and their files, with the session following them', async () => {
    const session = await openSession(tdb.db, user, { environment: env, accountId: ids.account!, at: now(), expiresAt: new Date(Date.now() + 86_400_000), accountContact: null, members: () => ({ creatorType: 'api_key', creatorId: null, person: null, business: null, identityNumber: null, contact: null, address: null, behaviorAnalysis: null }) });
    await newEvents();
    const documentId = randomUUID();
    const fileIds = [randomUUID(), randomUUID()];
    await expectEvents(() => createIdentityDocument(tdb.db, user, {
      id: documentId, environment: env, kind: 'idv', accountId: null, sessionId: session.id, submitRequested: false, uploadExpiresAt: new Date(Date.now() + 900_000), at: now(),
      files: fileIds.map((id, position) => ({ id, position, filename: `f${position}.png`, contentType: 'image/png', declaredByteSize: null, declaredChecksum: null, objectKey: `staging/documents/${documentId}/${id}` })),
    }), [{ type: 'document/idv.pending', table: 'identity_documents', id: () => documentId }, { type: 'session.started', table: 'sessions', id: () => session.id }]);
    const files = (await filesOfDocuments(tdb.db, [documentId])).get(documentId)!;
    const ref = { documentId, environment: env };
    await expectEvents(() => acceptUploadedFile(tdb.db, system, ref, 'idv', files[0]!, { size: 10, checksum: 'a'.repeat(64), objectKey: `staging/documents/${documentId}/${files[0]!.id}.verified` }, now()), [{ type: 'document_file.uploaded', table: 'identity_document_files', id: () => files[0]!.id }]);
    await expectEvents(() => rejectUploadedFile(tdb.db, system, ref, 'idv', files[1]!, errorItem('file_too_large', 'too big', now()), now()), [{ type: 'document_file.failed', table: 'identity_document_files', id: () => files[1]!.id }]);
    await expectEvents(() => rejectUploadedFile(tdb.db, system, ref, 'idv', files[1]!, errorItem('file_too_large', 'too big', now()), now()), []);
    await expectEvents(() => settleDocumentUploads(tdb.db, system, ref, false, now()), [{ type: 'document/idv.submitted', table: 'identity_documents', id: () => documentId }]);
    await expectEvents(() => storeDocumentProcessing(tdb.db, system, ref, { processed: true, extracted: {}, errors: [] }, now()),
      [{ type: 'document/idv.processed', table: 'identity_documents', id: () => documentId }, { type: 'session.completed', table: 'sessions', id: () => session.id }]);
    await expectEvents(() => failDocument(tdb.db, system, ref, ['submitted'], errorItem('processing_failed', 'x', now()), now()), []);
    await expectEvents(() => approveSession(tdb.db, user, env, session.id, now()), [{ type: 'session.approved', table: 'sessions', id: () => session.id }]);
  });

  it('redaction: one event per changed record', async () => {
    const events = await expectEvents(() => redactAccount(tdb.db, user, env, ids.account!, now()), [
      { type: 'account.redacted', table: 'accounts', id: () => ids.account! },
      { type: 'session.redacted' }, { type: 'session.redacted' }, { type: 'session.redacted' },
      { type: 'document/idv.redacted' },
      { type: 'document_file.redacted' }, { type: 'document_file.redacted' },
    ]);
    expect(new Set(events.map((e) => e.tx_id)).size).toBe(1);
    await expectEvents(() => redactAccount(tdb.db, user, env, ids.account!, now()), []);
  });

  it('business lookups', async () => {
    const session = (await tdb.db.selectFrom('sessions').select('id').limit(1).executeTakeFirstOrThrow()).id;
    await expectEvents(async () => {
      ids.business = (await createBusinessLookup(tdb.db, user, { environment: env, sessionId: session, country: 'ZZ', searchInput: {} })).id;
    }, [{ type: 'business.processing', table: 'businesses', id: () => ids.business! }]);
    await expectEvents(() => finishBusinessLookup(tdb.db, system, { environment: env, id: ids.business!, asyncStatus: 'completed', record: { is_registered: true }, errors: [], at: now() }), [{ type: 'business.completed', table: 'businesses', id: () => ids.business! }]);
    await expectEvents(() => finishBusinessLookup(tdb.db, system, { environment: env, id: ids.business!, asyncStatus: 'failed', record: null, errors: [], at: now() }), []);
  });

  it('list versions: activation is recorded once per environment', async () => {
    const source = { slug: `test_${randomUUID().slice(0, 8)}`, name: 'Test', url: 'https://example.org', list_type: 'sanctions' as const, country_code: null, flag_code: null };
    const versionId = await insertLoadingVersion(tdb.db, { slug: source.slug, source, checksum: 'c1', origin: {}, fetchedAt: now(), warningCount: 0 });
    const events = await expectEvents(() => activateListVersion(tdb.db, system, { versionId, slug: source.slug, source, checksum: 'c1', entityCount: 0, now: now() }),
      [{ type: 'list_version.activated' }, { type: 'list_version.activated' }]);
    expect(events.map((e) => e.environment).sort()).toEqual(['production', 'staging']);
    expect(events.every((e) => e.resource_id === versionId)).toBe(true);
    expect(low32(events[0]!.tx_id)).toBe(await writerOf('list_versions', versionId));
  });

  it('webhook configs and audit streams', async () => {
    const id = randomUUID();
    await expectEvents(() => createWebhookConfig(tdb.db, user, testSecrets, { id, environment: env, resourceType: 'screening', url: 'https://example.org/hook', subscribedStatuses: ['completed'], isActive: true, at: now() }),
      [{ type: 'webhook_config.created', table: 'webhook_configs', id: () => id }]);
    await expectEvents(() => updateWebhookConfigAttributes(tdb.db, user, testSecrets, { environment: env, id, at: now(), rotateSecret: true, check: () => undefined }), [{ type: 'webhook_config.updated', table: 'webhook_configs', id: () => id }]);
    await expectEvents(() => deactivateWebhookConfig(tdb.db, system, id, now()), [{ type: 'webhook_config.deactivated', table: 'webhook_configs', id: () => id }]);
    await expectEvents(() => deactivateWebhookConfig(tdb.db, system, id, now()), []);
    await expectEvents(() => deleteWebhookConfig(tdb.db, user, env, id, now()), [{ type: 'webhook_config.deleted', table: 'webhook_configs', id: () => id }]);
    const streamId = randomUUID();
    await expectEvents(() => createAuditStream(tdb.db, user, testSecrets, { id: streamId, environment: env, actionPrefix: null, at: now(), target: { type: 'https', url: 'https://example.org/audit' } }),
      [{ type: 'audit_stream.created', table: 'audit_streams', id: () => streamId }]);
    await expectEvents(() => deactivateAuditStream(tdb.db, system, streamId, now()), [{ type: 'audit_stream.deactivated', table: 'audit_streams', id: () => streamId }]);
    await expectEvents(() => deleteAuditStream(tdb.db, user, env, streamId, now()), [{ type: 'audit_stream.deleted', table: 'audit_streams', id: () => streamId }]);
  });
});
