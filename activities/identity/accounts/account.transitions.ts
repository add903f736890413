/**
 * Every state change of an identity account, each locked, checked, stored and recorded with its
 * event in one transaction: created (optionally already redacted), updated (the attributes given;
 * personal data refused on a redacted account), redacted (the account, its sessions, its identity
 * documents and the generic documents of its sessions lose their personal data, unfinished
 * documents fail, files become redacted — one event per changed record). Stored files of a redaction are removed after commit (removeRedactedFiles).
 */
import {
  findAccount,
  findAccountByExternalId,
  insertAccount,
  isExternalIdConflict,
  updateAccount,
  type AccountChanges,
  type NewAccount,
} from '../../../infra/db/repositories/identity-accounts.repository.js';
import { redactAccountRecords, type RedactedRecords } from '../../../infra/db/repositories/identity-redaction.repository.js';
import { inTransaction, type Executor, type Trx } from '../../../infra/db/executor.js';
import type { AccountRow } from '../../../infra/db/tables/accounts.table.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import type { ObjectStorage } from '../../../infra/storage/object-storage.js';
import { conflictError, DomainError, notFoundError } from '../../domain-error.model.js';
import type { Actor } from '../../events/actor.model.js';
import { recordEvent } from '../../events/record-event.js';
import { recordDocumentEvent, recordFileEvent } from '../documents/identity-document.transitions.js';
import { recordGenericDocumentEvent } from '../../documents/document.transitions.js';
import { documentObjectPrefix } from '../../uploads/object-keys.model.js';
import { recordSessionEvent } from '../sessions/session-events.js';

export type { RedactedRecords };

type AccountStatus = AccountRow['status'];

async function recordAccountEvent(trx: Trx, actor: Actor, row: AccountRow, event: 'created' | 'updated' | 'redacted', changed: string[] = [], previousStatus: string | null = null): Promise<void> {
  await recordEvent(trx, actor, {
    type: `account.${event}`,
    environment: row.environment,
    resourceId: row.id,
    payload: { status: row.status as AccountStatus, entity_type: row.entity_type, changed, previous_status: previousStatus, redacted: row.redacted_at !== null },
  });
}

export function externalIdTaken(externalId: string, existingId: string): DomainError {
  return conflictError('external_id_taken', `external_id ${JSON.stringify(externalId)} is already used by account ${existingId}`, '/data/attributes/external_id', { existing_id: existingId });
}

/** Runs a write; two writers racing for one external_id are told apart by the unique index. */
async function guardExternalId<T>(db: Executor, environment: Environment, externalId: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (externalId && isExternalIdConflict(error)) {
      const existing = await findAccountByExternalId(db, environment, externalId);
      if (existing) throw externalIdTaken(externalId, existing.id);
    }
    throw error;
  }
}

async function assertExternalIdFree(db: Executor, environment: Environment, externalId: string | null | undefined, ownId?: string): Promise<void> {
  if (!externalId) return;
  const existing = await findAccountByExternalId(db, environment, externalId);
  if (existing && existing.id !== ownId) throw externalIdTaken(externalId, existing.id);
}

/** Creates an account; with `redact`, it is created already redacted (no personal data stored). */
export async function createAccount(db: Executor, actor: Actor, account: NewAccount & { redact: boolean }): Promise<AccountRow> {
  const externalId = account.redact ? null : account.externalId;
  await assertExternalIdFree(db, account.environment, externalId);
  const values = account.redact ? { ...account, externalId: null, person: null, business: null, address: null, identityNumbers: [] } : account;
  return guardExternalId(db, account.environment, externalId, () =>
    inTransaction(db, async (trx) => {
      let row = await insertAccount(trx, values);
      if (account.redact) row = await updateAccount(trx, account.environment, row.id, { redacted_at: account.at });
      await recordAccountEvent(trx, actor, row, 'created');
      return row;
    }),
  );
}

export interface AccountUpdate {
  environment: Environment;
  id: string;
  at: Date;
  /** Attribute names that carry personal data in this request (refused on a redacted account). */
  personalAttributes: string[];
  /** The request asks to clear redacted_at (refused on a redacted account). */
  unredact: boolean;
  /** The request sets redacted_at: redact after the update. */
  redact: boolean;
  externalId?: string | null | undefined;
  /** Column values from the request, given the locked account. */
  changes(account: AccountRow): AccountChanges;
}

/** Updates the attributes given; returns what a redaction in the same request removed (for file removal). */
export async function updateIdentityAccount(db: Executor, actor: Actor, update: AccountUpdate): Promise<RedactedRecords | null> {
  return guardExternalId(db, update.environment, update.externalId, () =>
    inTransaction(db, async (trx) => {
      const row = await findAccount(trx, update.environment, update.id, { forUpdate: true });
      if (!row) throw notFoundError('Account', update.id);
      if (row.redacted_at && (update.personalAttributes.length > 0 || update.unredact)) {
        throw conflictError('account_redacted', `Account ${row.id} is redacted: redaction cannot be undone and no personal data can be added`, `/data/attributes/${update.personalAttributes[0] ?? 'redacted_at'}`);
      }
      if (update.externalId && update.externalId !== row.external_id) await assertExternalIdFree(trx, update.environment, update.externalId, row.id);
      const changes = update.changes(row);
      const changed = Object.keys(changes);
      let updated = row;
      if (changed.length > 0) {
        updated = await updateAccount(trx, update.environment, row.id, { ...changes, updated_at: update.at });
        await recordAccountEvent(trx, actor, updated, 'updated', changed, updated.status !== row.status ? row.status : null);
      }
      return update.redact ? redactInTransaction(trx, actor, update.environment, row.id, update.at) : null;
    }),
  );
}

async function redactInTransaction(trx: Trx, actor: Actor, environment: Environment, accountId: string, at: Date): Promise<RedactedRecords> {
  const redacted = await redactAccountRecords(trx, environment, accountId, at);
  if (!redacted.changed) return redacted;
  const account = await findAccount(trx, environment, accountId);
  await recordAccountEvent(trx, actor, account!, 'redacted');
  for (const session of redacted.sessions) await recordSessionEvent(trx, actor, session, 'redacted', session.status);
  const kinds = new Map(redacted.documents.map((d) => [d.id, d.kind]));
  for (const doc of redacted.documents) await recordDocumentEvent(trx, actor, doc, 'redacted');
  for (const file of redacted.files) await recordFileEvent(trx, actor, environment, file, kinds.get(file.document_id) ?? 'idv', 'redacted');
  for (const doc of redacted.genericDocuments) await recordGenericDocumentEvent(trx, actor, doc, 'redacted');
  for (const file of redacted.genericFiles) await recordFileEvent(trx, actor, environment, file, 'generic', 'redacted');
  return redacted;
}

/** Redacts an account and everything hanging off it; redacting again changes nothing. */
export async function redactAccount(db: Executor, actor: Actor, environment: Environment, accountId: string, at: Date): Promise<RedactedRecords> {
  return inTransaction(db, async (trx) => {
    const row = await findAccount(trx, environment, accountId, { forUpdate: true });
    if (!row) throw notFoundError('Account', accountId);
    return redactInTransaction(trx, actor, environment, accountId, at);
  });
}

/** After commit: deletes the stored objects of the redacted documents (re-run by every redaction, so a failed removal is finished later). */
export async function removeRedactedFiles(storage: ObjectStorage, environment: Environment, redacted: RedactedRecords): Promise<void> {
  for (const d of [...redacted.documents, ...redacted.genericDocuments]) await storage.removePrefix(documentObjectPrefix(environment, d.id));
}
