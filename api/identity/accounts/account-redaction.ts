/**
 * Redaction of an account (PATCH redacted_at, POST .../redact, or redacted_at on create): the
 * database part runs in the caller's transaction with one outbox event per changed record; the
 * stored files are removed after commit, by document prefix. Redacting again re-runs the file
 * removal (so a failed removal is finished by a retry) and changes nothing else.
 */
import { redactAccountRecords, type RedactedRecords } from '../../../infra/db/repositories/identity-redaction.repository.js';
import { writeOutboxEvent } from '../../../infra/db/repositories/outbox.repository.js';
import type { Database } from '../../../infra/db/database.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import type { ObjectStorage } from '../../../infra/storage/object-storage.js';
import type { Transaction } from 'kysely';
import { documentObjectPrefix } from '../../../activities/identity/documents/uploads/object-keys.js';

export async function redactAccountInTransaction(
  trx: Transaction<Database>,
  environment: Environment,
  accountId: string,
  accountStatus: string,
  at: Date,
): Promise<RedactedRecords> {
  const redacted = await redactAccountRecords(trx, environment, accountId, at);
  if (!redacted.changed) return redacted;
  const event = { event: 'redacted' };
  await writeOutboxEvent(trx, { environment, resourceType: 'account', resourceId: accountId, status: accountStatus, payload: event });
  for (const s of redacted.sessions) {
    await writeOutboxEvent(trx, { environment, resourceType: 'session', resourceId: s.id, status: s.status, payload: { ...event, account_id: accountId } });
  }
  for (const d of redacted.documents) {
    await writeOutboxEvent(trx, { environment, resourceType: `document/${d.kind}`, resourceId: d.id, status: d.status, payload: { ...event, account_id: accountId } });
  }
  for (const id of redacted.fileIds) {
    await writeOutboxEvent(trx, { environment, resourceType: 'document_file', resourceId: id, status: 'redacted', payload: event });
  }
  return redacted;
}

export async function removeRedactedFiles(storage: ObjectStorage, environment: Environment, redacted: RedactedRecords): Promise<void> {
  for (const d of redacted.documents) await storage.removePrefix(documentObjectPrefix(environment, d.id));
}
