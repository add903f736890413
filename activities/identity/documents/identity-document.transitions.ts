/**
 * Every state change of an identity document and its files, each guarded by the current status
 * and recorded with its event in the same transaction:
 *   document: created (pending) → submitted → processed | failed; failed from pending when nothing
 *             usable arrived or the upload could not be watched; failed when its session is declined;
 *   file:     pending_upload → uploaded | failed (rejected) | expired; uploaded → failed when its
 *             bytes change after verification.
 * The session follows its documents in the same transactions (session-progress.transitions.ts).
 * The API routes and the upload and processing activities all call these.
 */
import { findAccount } from '../../../infra/db/repositories/identity-accounts.repository.js';
import {
  appendErrors,
  countDocumentFiles,
  filesOfDocuments,
  findDocument,
  insertDocument,
  settleFile,
  transitionDocument,
  type NewDocument,
  type NewDocumentFile,
} from '../../../infra/db/repositories/identity-documents.repository.js';
import { findSession } from '../../../infra/db/repositories/identity-sessions.repository.js';
import { inTransaction, type Executor, type Trx } from '../../../infra/db/executor.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import type { IdentityDocumentFileRow } from '../../../infra/db/tables/identity-document-files.table.js';
import type { IdentityDocumentKind, IdentityDocumentRow, IdentityDocumentStatus, ProcessingErrorItem } from '../../../infra/db/tables/identity-documents.table.js';
import { conflictError, notFoundError, unprocessableError } from '../../domain-error.model.js';
import type { Actor } from '../../events/actor.model.js';
import { recordEvent } from '../../events/record-event.js';
import { OPEN_STATUSES, effectiveSessionStatus } from '../sessions/session-lifecycle.model.js';
import { markSessionStarted, refreshSessionOutcome } from '../sessions/session-progress.transitions.js';
import { errorItem } from './document-error-items.model.js';
import type { VerifiedUpload } from '../../uploads/upload-target.js';

export interface DocumentRef {
  documentId: string;
  environment: Environment;
}

/** Records `document/<kind>.<event>` for the document as it now is. */
export async function recordDocumentEvent(trx: Trx, actor: Actor, doc: IdentityDocumentRow, event: IdentityDocumentStatus | 'redacted'): Promise<void> {
  const extracted = doc.extracted as { is_valid?: unknown } | null;
  await recordEvent(trx, actor, {
    type: `document/${doc.kind}.${event}`,
    environment: doc.environment,
    resourceId: doc.id,
    payload: {
      status: doc.status,
      account_id: doc.account_id,
      session_id: doc.session_id,
      file_count: await countDocumentFiles(trx, doc.id),
      error_codes: [...new Set((doc.processing_errors ?? []).map((e) => e.code))],
      is_valid: doc.kind === 'address' && typeof extracted?.is_valid === 'boolean' ? extracted.is_valid : null,
    },
  });
}

/** Records `document_file.<status>` for one file of a document (identity kinds, or `generic` for a generic document). */
export async function recordFileEvent(
  trx: Trx, actor: Actor, environment: Environment, file: { id: string; document_id: string }, kind: IdentityDocumentKind | 'generic',
  status: 'uploaded' | 'failed' | 'expired' | 'redacted', errorCode: string | null = null,
): Promise<void> {
  await recordEvent(trx, actor, {
    type: `document_file.${status}`,
    environment,
    resourceId: file.id,
    payload: { status, document_id: file.document_id, document_type: kind === 'generic' ? 'document' : `document/${kind}`, error_code: errorCode },
  });
}

async function moveDocument(trx: Trx, actor: Actor, doc: IdentityDocumentRow, from: readonly IdentityDocumentStatus[], to: IdentityDocumentStatus, changes: Record<string, unknown>): Promise<IdentityDocumentRow | undefined> {
  const row = await transitionDocument(trx, doc.id, from, { status: to, ...changes });
  if (row) await recordDocumentEvent(trx, actor, row, to);
  return row;
}

const ACCOUNT = '/data/relationships/account/data/id';
const SESSION = '/data/relationships/session/data/id';

/**
 * A new document's account and session: each must exist in the environment; the account must not
 * be redacted; the session must still accept documents (not expired, declined or approved) and
 * belong to the given account. The account defaults to the session's.
 */
async function resolveOwners(trx: Trx, environment: Environment, ids: { accountId: string | null; sessionId: string | null }, now: Date) {
  let accountId = ids.accountId;
  if (ids.sessionId) {
    const session = await findSession(trx, environment, ids.sessionId, { forUpdate: true });
    if (!session) throw unprocessableError('session_not_found', `Session ${ids.sessionId} does not exist`, SESSION);
    const status = effectiveSessionStatus(session, now);
    if (!OPEN_STATUSES.includes(status)) throw unprocessableError('session_closed', `Session ${session.id} is ${status} and accepts no more documents`, SESSION);
    if (accountId && session.account_id && session.account_id !== accountId) {
      throw unprocessableError('relationship_mismatch', `Session ${session.id} belongs to another account`, SESSION);
    }
    accountId ??= session.account_id;
  }
  if (accountId) {
    const account = await findAccount(trx, environment, accountId);
    if (!account) throw unprocessableError('account_not_found', `Account ${accountId} does not exist`, ACCOUNT);
    if (account.redacted_at) throw unprocessableError('account_redacted', `Account ${accountId} is redacted`, ACCOUNT);
  }
  return { accountId, sessionId: ids.sessionId };
}

/** The document row to insert, with its file records. */
export type NewIdentityDocument = NewDocument & { files: readonly NewDocumentFile[] };

/** Creates a document (pending) with its file records; its session, if any, is started. */
export async function createIdentityDocument(db: Executor, actor: Actor, doc: NewIdentityDocument): Promise<IdentityDocumentRow> {
  return inTransaction(db, async (trx) => {
    const owners = await resolveOwners(trx, doc.environment, { accountId: doc.accountId, sessionId: doc.sessionId }, doc.at);
    const row = await insertDocument(trx, { ...doc, accountId: owners.accountId, sessionId: owners.sessionId }, doc.files);
    await recordDocumentEvent(trx, actor, row, 'pending');
    if (owners.sessionId) await markSessionStarted(trx, actor, doc.environment, owners.sessionId, doc.at);
    return row;
  });
}

/** Fails a document that is still in one of `from` with `error`; its session follows. */
export async function failDocument(db: Executor, actor: Actor, ref: DocumentRef, from: readonly IdentityDocumentStatus[], error: ProcessingErrorItem, at: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const doc = await findDocument(trx, ref.environment, ref.documentId, { forUpdate: true });
    if (!doc) return false;
    const row = await moveDocument(trx, actor, doc, from, 'failed', { processed_at: at, updated_at: at, processing_errors: appendErrors([error]) });
    if (row) await refreshSessionOutcome(trx, actor, ref.environment, doc.session_id, at);
    return Boolean(row);
  });
}

/**
 * Asks for a proof of address to be processed: submitted at once when its files are settled
 * (`start: true`, the caller starts processing), else recorded for the upload workflow to honour.
 */
export async function submitAddressDocument(db: Executor, actor: Actor, ref: DocumentRef, now: Date): Promise<{ start: boolean }> {
  return inTransaction(db, async (trx) => {
    const doc = await findDocument(trx, ref.environment, ref.documentId, { kind: 'address', forUpdate: true });
    if (!doc) throw notFoundError('Document address', ref.documentId);
    if (doc.redacted_at) throw conflictError('document_redacted', `Document ${doc.id} is redacted`);
    if (doc.status === 'processed' || doc.status === 'failed') throw conflictError('document_already_processed', `Document ${doc.id} is already ${doc.status}`);
    if (doc.status === 'submitted') return { start: true };
    if (!doc.uploads_settled_at) {
      if (!doc.submit_requested) await trx.updateTable('identity_documents').set({ submit_requested: true, updated_at: now }).where('id', '=', doc.id).execute();
      return { start: false };
    }
    const row = await moveDocument(trx, actor, doc, ['pending'], 'submitted', { submit_requested: true, submitted_at: now, updated_at: now });
    return { start: Boolean(row) };
  });
}

/** pending_upload → uploaded with the verified size and checksum. */
export async function acceptUploadedFile(db: Executor, actor: Actor, ref: DocumentRef, kind: IdentityDocumentKind, file: IdentityDocumentFileRow, verified: VerifiedUpload, at: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await settleFile(trx, file.id, 'uploaded', { byte_size: verified.size, checksum: verified.checksum, uploaded_at: at, object_key: verified.objectKey }, at);
    if (row) await recordFileEvent(trx, actor, ref.environment, file, kind, 'uploaded');
  });
}

/** pending_upload → failed, with the verification error on the document. */
export async function rejectUploadedFile(db: Executor, actor: Actor, ref: DocumentRef, kind: IdentityDocumentKind, file: IdentityDocumentFileRow, error: ProcessingErrorItem, at: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await settleFile(trx, file.id, 'failed', {}, at))) return;
    await trx.updateTable('identity_documents').set({ processing_errors: appendErrors([error]), updated_at: at }).where('id', '=', ref.documentId).execute();
    await recordFileEvent(trx, actor, ref.environment, file, kind, 'failed', error.code);
  });
}

/** uploaded → failed, when the stored bytes no longer match the verified checksum; false if it was not uploaded. */
export async function failChangedFile(db: Executor, actor: Actor, ref: DocumentRef, kind: IdentityDocumentKind, file: IdentityDocumentFileRow, at: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx.updateTable('identity_document_files').set({ status: 'failed', updated_at: at }).where('id', '=', file.id).where('status', '=', 'uploaded').returning('id').executeTakeFirst();
    if (!row) return false;
    const error = errorItem('file_changed_after_upload', 'the stored file was replaced after it had been verified; it was deleted', at, { fileId: file.id });
    await trx.updateTable('identity_documents').set({ processing_errors: appendErrors([error]), updated_at: at }).where('id', '=', ref.documentId).execute();
    await recordFileEvent(trx, actor, ref.environment, file, kind, 'failed', error.code);
    return true;
  });
}

/**
 * Once no file is awaited (or the upload addresses expired — `expire` — and what never came is
 * expired): a document with no usable file fails; an identity document, or a proof of address
 * whose submission was requested, is submitted (`process: true`, the caller processes it).
 */
export async function settleDocumentUploads(db: Executor, actor: Actor, ref: DocumentRef, expire: boolean, at: Date): Promise<{ process: boolean }> {
  return inTransaction(db, async (trx) => {
    const doc = await findDocument(trx, ref.environment, ref.documentId, { forUpdate: true });
    if (!doc) return { process: false };
    const files = (await filesOfDocuments(trx, [doc.id])).get(doc.id) ?? [];
    if (expire) {
      for (const file of files.filter((f) => f.status === 'pending_upload')) {
        if (!(await settleFile(trx, file.id, 'expired', {}, at))) continue;
        const error = errorItem('file_not_uploaded', 'no file was uploaded before the upload address expired', at, { fileId: file.id });
        await trx.updateTable('identity_documents').set({ processing_errors: appendErrors([error]) }).where('id', '=', doc.id).execute();
        await recordFileEvent(trx, actor, ref.environment, file, doc.kind, 'expired', error.code);
      }
    }
    const current = (await filesOfDocuments(trx, [doc.id])).get(doc.id) ?? [];
    if (current.some((f) => f.status === 'pending_upload')) return { process: false };
    if (!doc.uploads_settled_at) await trx.updateTable('identity_documents').set({ uploads_settled_at: at, updated_at: at }).where('id', '=', doc.id).execute();
    if (doc.status !== 'pending' || doc.redacted_at) return { process: false };
    if (!current.some((f) => f.status === 'uploaded')) {
      const error = errorItem('no_file_uploaded', "none of the document's files was uploaded and verified; create a new document to try again", at);
      const failed = await moveDocument(trx, actor, doc, ['pending'], 'failed', { processed_at: at, updated_at: at, processing_errors: appendErrors([error]) });
      if (failed) await refreshSessionOutcome(trx, actor, ref.environment, doc.session_id, at);
      return { process: false };
    }
    if (doc.kind === 'address' && !doc.submit_requested) return { process: false };
    const submitted = await moveDocument(trx, actor, doc, ['pending'], 'submitted', { submitted_at: at, updated_at: at });
    return { process: Boolean(submitted) };
  });
}

export interface ProcessingOutcome {
  processed: boolean;
  extracted: Record<string, unknown> | null;
  errors: ProcessingErrorItem[];
}

/** submitted → processed | failed with what processing read; false when the document had left submitted. */
export async function storeDocumentProcessing(db: Executor, actor: Actor, ref: DocumentRef, outcome: ProcessingOutcome, at: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const doc = await findDocument(trx, ref.environment, ref.documentId, { forUpdate: true });
    if (!doc) return false;
    const row = await moveDocument(trx, actor, doc, ['submitted'], outcome.processed ? 'processed' : 'failed', {
      extracted: outcome.extracted ? JSON.stringify(outcome.extracted) : null,
      processing_errors: appendErrors(outcome.errors),
      processed_at: at,
      updated_at: at,
    });
    if (!row) return false;
    await refreshSessionOutcome(trx, actor, ref.environment, doc.session_id, at);
    return true;
  });
}

/**
 * A declined session's pending and submitted documents fail with processing_cancelled and their
 * files still awaiting upload expire, in the decline's transaction. Returns the cancelled ids.
 */
export async function cancelSessionDocuments(trx: Trx, actor: Actor, environment: Environment, sessionId: string, now: Date): Promise<string[]> {
  const documents = await trx
    .selectFrom('identity_documents').selectAll()
    .where('environment', '=', environment).where('session_id', '=', sessionId).where('status', 'in', ['pending', 'submitted'])
    .forUpdate().execute();
  const error: ProcessingErrorItem = {
    status: '409', code: 'processing_cancelled', title: 'Processing cancelled',
    detail: 'the session was declined before the document finished processing', meta: { occurred_at: now.toISOString() },
  };
  const cancelled: string[] = [];
  for (const doc of documents) {
    const row = await moveDocument(trx, actor, doc, ['pending', 'submitted'], 'failed', { processed_at: now, updated_at: now, processing_errors: appendErrors([error]) });
    if (!row) continue;
    cancelled.push(doc.id);
    const files = (await filesOfDocuments(trx, [doc.id])).get(doc.id) ?? [];
    for (const file of files.filter((f) => f.status === 'pending_upload')) {
      if (await settleFile(trx, file.id, 'expired', {}, now)) await recordFileEvent(trx, actor, environment, file, doc.kind, 'expired', 'processing_cancelled');
    }
  }
  return cancelled;
}
