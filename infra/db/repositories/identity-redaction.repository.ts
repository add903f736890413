/**
 * Redaction of an account and everything hanging off it, in the caller's transaction: the
 * account's, its sessions' and its documents' personal columns are nulled, unfinished documents
 * fail with `document_redacted`, file records lose their names and checksums and become
 * `redacted`, and stored idempotent responses that carried the data are dropped (their keys stay spent). Ids, statuses,
 * timestamps and events (which never hold personal data) stay: the shells and the audit
 * trail. The stored objects are removed by the caller after commit (object keys are derived from
 * the document ids).
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database.js';
import { REDACTED_REQUEST_HASH } from './idempotency.repository.js';
import type { Environment } from '../tables/common.js';
import type { IdentityDocumentRow, ProcessingErrorItem } from '../tables/identity-documents.table.js';
import type { SessionRow } from '../tables/sessions.table.js';
import type { DocumentRow } from '../tables/documents.table.js';

export interface RedactedRecords {
  /** False when the account was already redacted (nothing changed in the database). */
  changed: boolean;
  sessions: SessionRow[];
  documents: IdentityDocumentRow[];
  files: { id: string; document_id: string }[];
  /** Generic documents linked to the account's sessions. */
  genericDocuments: DocumentRow[];
  genericFiles: { id: string; document_id: string }[];
}

/**
 * What stays of a generic document's fraud result after redaction: the score and each indicator's
 * id, type, category and origin (no titles or descriptions, which may quote the document); the
 * file metadata (author, title…) and everything with text (coordinates, classification evidence) go.
 */
function redactedFraudResult(fraud: Record<string, unknown> | null): string | null {
  if (!fraud) return null;
  const indicators = Array.isArray(fraud.indicators) ? fraud.indicators as Record<string, unknown>[] : [];
  return JSON.stringify({
    score: fraud.score ?? null,
    file_metadata: {},
    indicators: indicators.map((i) => ({ id: i.id, type: i.type, category: i.category, origin: i.origin })),
    document_classification: null,
  });
}

export async function redactAccountRecords(trx: Transaction<Database>, environment: Environment, accountId: string, at: Date): Promise<RedactedRecords> {
  const before = await trx
    .selectFrom('accounts').select(['redacted_at'])
    .where('environment', '=', environment).where('id', '=', accountId)
    .forUpdate().executeTakeFirstOrThrow();

  await trx
    .updateTable('accounts')
    .set({ external_id: null, person: null, business: null, contact: null, address: null, identity_numbers: '[]', redacted_at: before.redacted_at ?? at, updated_at: at })
    .where('environment', '=', environment).where('id', '=', accountId)
    .execute();

  const sessions = await trx
    .updateTable('sessions')
    .set({ person: null, business: null, identity_numbers: null, contact: null, address: null, behavior_analysis: null, redacted_at: sql`coalesce(redacted_at, ${at})`, updated_at: at })
    .where('environment', '=', environment).where('account_id', '=', accountId)
    .returningAll()
    .execute();
  const sessionIds = sessions.map((s) => s.id);

  let documentsQuery = trx.selectFrom('identity_documents').select(['id', 'kind', 'status']).where('environment', '=', environment);
  documentsQuery = sessionIds.length > 0
    ? documentsQuery.where((eb) => eb.or([eb('account_id', '=', accountId), eb('session_id', 'in', sessionIds)]))
    : documentsQuery.where('account_id', '=', accountId);
  const documents = await documentsQuery.forUpdate().execute();
  const documentIds = documents.map((d) => d.id);

  let files: { id: string; document_id: string }[] = [];
  if (documentIds.length > 0) {
    const unfinished: ProcessingErrorItem = {
      status: '422', code: 'document_redacted', title: 'Document redacted',
      detail: 'the account was redacted before the document finished processing', meta: { occurred_at: at.toISOString() },
    };
    await trx
      .updateTable('identity_documents')
      .set({ status: 'failed', processed_at: at, processing_errors: sql`processing_errors || ${JSON.stringify([unfinished])}::jsonb` })
      .where('id', 'in', documentIds).where('status', 'in', ['pending', 'submitted'])
      .execute();
    await trx
      .updateTable('identity_documents')
      .set({ extracted: null, redacted_at: sql`coalesce(redacted_at, ${at})`, updated_at: at })
      .where('id', 'in', documentIds)
      .execute();
    files = await trx
      .updateTable('identity_document_files')
      .set({ filename: null, checksum: null, declared_checksum: null, status: 'redacted', updated_at: at })
      .where('document_id', 'in', documentIds)
      .returning(['id', 'document_id'])
      .execute();
  }

  // Generic documents of the account's sessions: extracted data, text, metadata and the file go.
  const generic = sessionIds.length > 0
    ? await trx.selectFrom('documents').selectAll().where('environment', '=', environment).where('session_id', 'in', sessionIds).forUpdate().execute()
    : [];
  let genericFiles: { id: string; document_id: string }[] = [];
  if (generic.length > 0) {
    const genericIds = generic.map((d) => d.id);
    const unfinished: ProcessingErrorItem = {
      status: '422', code: 'document_redacted', title: 'Document redacted',
      detail: 'the account was redacted before the document finished processing', meta: { occurred_at: at.toISOString() },
    };
    await trx
      .updateTable('documents')
      .set({ status: 'failed', processed_at: at, processing_errors: sql`processing_errors || ${JSON.stringify([unfinished])}::jsonb` })
      .where('id', 'in', genericIds).where('status', 'in', ['pending', 'submitted', 'processing'])
      .execute();
    for (const doc of generic) {
      await trx
        .updateTable('documents')
        .set({
          extracted_data: null, extracted_data_coordinates: null, fraud_result_coordinates: null, classification: null,
          fraud_result: redactedFraudResult(doc.fraud_result), redacted_at: sql`coalesce(redacted_at, ${at})`, updated_at: at,
        })
        .where('id', '=', doc.id)
        .execute();
    }
    genericFiles = await trx
      .updateTable('document_files')
      .set({ filename: null, checksum: null, declared_checksum: null, status: 'redacted', updated_at: at })
      .where('document_id', 'in', genericIds)
      .returning(['id', 'document_id'])
      .execute();
  }
  const genericDocuments = generic.length > 0 ? await trx.selectFrom('documents').selectAll().where('id', 'in', generic.map((d) => d.id)).execute() : [];

  // Replays of creating POSTs would hand the personal data back, and a key set free would let a
  // retry create the record again from the erased data: every stored answer that names a redacted
  // record is dropped and its key stays spent (REDACTED_REQUEST_HASH → 409 idempotency_key_redacted).
  const ids = [accountId, ...sessionIds, ...documentIds, ...generic.map((d) => d.id)];
  await trx
    .updateTable('idempotency_keys')
    .set({ request_hash: REDACTED_REQUEST_HASH, state: 'completed', response_status: 409, response_body: null, response_headers: null })
    .where('environment', '=', environment)
    .where((eb) => eb.or(ids.map((id) => eb(sql`response_body::text`, 'like', `%${id}%`))))
    .execute();

  const after = documentIds.length > 0 ? await trx.selectFrom('identity_documents').selectAll().where('id', 'in', documentIds).execute() : [];
  return { changed: before.redacted_at === null, sessions, documents: after, files, genericDocuments, genericFiles };
}
