/**
 * The credential's life after its request: issued (signed with the environment's active key,
 * its status entry the index allocated for it) or failed; revoked (idempotent; the status list
 * bit is set by the database in the same transaction); deleted (revoked if still valid, claims
 * and token removed, ids and status kept; idempotent). Each change records its event.
 */
import { inTransaction, type Executor } from '../../infra/db/executor.js';
import { allocationsOfCredentials } from '../../infra/db/repositories/credential-status-lists.repository.js';
import { credentialsOfIssuance, findCredential, updateCredential } from '../../infra/db/repositories/credentials.repository.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { CredentialRow } from '../../infra/db/tables/credentials.table.js';
import { conflictError, notFoundError } from '../domain-error.model.js';
import type { Actor } from '../events/actor.model.js';
import { credentialPayload, signVcJwt, type SigningKey } from './credential-document.model.js';
import { recordCredentialEvents } from './credential-events.js';
import type { IssuerIdentity } from './issuer-identity.model.js';

export interface IssueArgs {
  environment: Environment;
  issuanceId: string;
  identity: IssuerIdentity;
  key: SigningKey;
  at: Date;
}

/** Signs and stores every pending credential of the issuance; a repeated call finds none pending and does nothing. */
export async function issuePendingCredentials(db: Executor, actor: Actor, args: IssueArgs): Promise<CredentialRow[]> {
  return inTransaction(db, async (trx) => {
    const pending = await credentialsOfIssuance(trx, args.environment, args.issuanceId, { status: 'pending', forUpdate: true });
    if (pending.length === 0) return [];
    const allocations = new Map((await allocationsOfCredentials(trx, pending.map((c) => c.id))).map((a) => [a.credential_id, a]));
    const issued: CredentialRow[] = [];
    for (const row of pending) {
      const allocation = allocations.get(row.id);
      if (!allocation) throw new Error(`credential ${row.id} has no status index allocated`);
      const validFrom = row.requested_valid_from && row.requested_valid_from > args.at ? row.requested_valid_from : args.at;
      const payload = credentialPayload(args.identity, {
        id: row.id,
        credentialType: row.credential_type,
        subjectId: row.subject_id,
        claims: row.claims ?? {},
        validFrom,
        validUntil: row.valid_until,
        issuedAt: args.at,
        statusListSequence: allocation.sequence,
        statusListIndex: allocation.status_index,
      });
      issued.push(await updateCredential(trx, row.id, {
        status: 'issued',
        issuer: args.identity.did,
        kid: args.key.kid,
        jws: await signVcJwt(args.identity, args.key, payload),
        status_list_id: allocation.list_id,
        status_list_sequence: allocation.sequence,
        status_list_index: allocation.status_index,
        valid_from: validFrom,
        issued_at: args.at,
        updated_at: args.at,
      }));
    }
    await recordCredentialEvents(trx, actor, 'issued', issued);
    return issued;
  });
}

/** Marks the issuance's pending credentials failed (the workflow's activities ran out of retries). */
export async function failPendingCredentials(
  db: Executor, actor: Actor, args: { environment: Environment; issuanceId: string; errors: { code: string; message: string }[]; at: Date },
): Promise<CredentialRow[]> {
  return inTransaction(db, async (trx) => {
    const pending = await credentialsOfIssuance(trx, args.environment, args.issuanceId, { status: 'pending', forUpdate: true });
    const failed: CredentialRow[] = [];
    for (const row of pending) failed.push(await updateCredential(trx, row.id, { status: 'failed', errors: JSON.stringify(args.errors), updated_at: args.at }));
    await recordCredentialEvents(trx, actor, 'failed', failed);
    return failed;
  });
}

/** Revokes an issued credential; revoking a revoked one answers it unchanged. */
export async function revokeCredential(
  db: Executor, actor: Actor, args: { environment: Environment; id: string; reason: string | null; at: Date },
): Promise<CredentialRow> {
  return inTransaction(db, async (trx) => {
    const row = await findCredential(trx, args.environment, args.id, { forUpdate: true });
    if (!row) throw notFoundError('Credential', args.id);
    if (row.status === 'revoked') return row;
    if (row.status !== 'issued') throw conflictError('credential_not_issued', `Credential ${row.id} is ${row.status}; only an issued credential can be revoked`);
    const revoked = await updateCredential(trx, row.id, { status: 'revoked', revoked_at: args.at, revocation_reason: args.reason, updated_at: args.at });
    await recordCredentialEvents(trx, actor, 'revoked', [revoked]);
    return revoked;
  });
}

/** Deletes a credential's content: revoked first when still valid; the claims and the token go; ids and status stay. */
export async function deleteCredential(db: Executor, actor: Actor, args: { environment: Environment; id: string; at: Date }): Promise<CredentialRow> {
  return inTransaction(db, async (trx) => {
    const row = await findCredential(trx, args.environment, args.id, { forUpdate: true });
    if (!row) throw notFoundError('Credential', args.id);
    if (row.deleted_at) return row;
    if (row.status === 'pending') throw conflictError('credential_pending', `Credential ${row.id} is still being issued; delete it once issued`);
    const revoke = row.status === 'issued' ? { status: 'revoked', revoked_at: args.at, revocation_reason: 'deleted' } : {};
    const deleted = await updateCredential(trx, row.id, { ...revoke, claims: null, jws: null, deleted_at: args.at, updated_at: args.at });
    await recordCredentialEvents(trx, actor, 'deleted', [deleted]);
    return deleted;
  });
}
