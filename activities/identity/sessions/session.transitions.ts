/**
 * The decided state changes of an identity session, each locked, checked, stored and recorded
 * with its event in one transaction (rules in session-lifecycle.model.ts): opened for an account,
 * expired, declined (its unfinished documents cancelled), approved. The API routes and the session
 * activities call these; progress driven by documents is in session-progress.transitions.ts.
 */
import { findAccount, updateAccount } from '../../../infra/db/repositories/identity-accounts.repository.js';
import { findSession, insertSession, type NewSession } from '../../../infra/db/repositories/identity-sessions.repository.js';
import { inTransaction, type Executor } from '../../../infra/db/executor.js';
import type { AccountRow } from '../../../infra/db/tables/accounts.table.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import type { SessionRow } from '../../../infra/db/tables/sessions.table.js';
import { conflictError, notFoundError, unprocessableError } from '../../domain-error.model.js';
import type { Actor } from '../../events/actor.model.js';
import { cancelSessionDocuments } from '../documents/identity-document.transitions.js';
import { APPROVABLE_STATUSES, EXPIRING_STATUSES, effectiveSessionStatus, type SessionStatus } from './session-lifecycle.model.js';
import { moveSession, recordSessionEvent } from './session-events.js';

const ACCOUNT_POINTER = '/data/relationships/account/data/id';

export interface OpenSession {
  environment: Environment;
  accountId: string;
  at: Date;
  expiresAt: Date;
  /** The session's members from the request, with what the request left out taken from the locked account. */
  members(account: AccountRow): Omit<NewSession, 'environment' | 'accountId' | 'entityType' | 'at' | 'expiresAt'>;
  /** A contact given with the session becomes the account's contact. */
  accountContact: unknown;
}

/** Opens a session for an account (created); the account must exist here and not be redacted. */
export async function openSession(db: Executor, actor: Actor, request: OpenSession): Promise<SessionRow> {
  return inTransaction(db, async (trx) => {
    const account = await findAccount(trx, request.environment, request.accountId, { forUpdate: true });
    if (!account) throw unprocessableError('account_not_found', `Account ${request.accountId} does not exist`, ACCOUNT_POINTER);
    if (account.redacted_at) throw unprocessableError('account_redacted', `Account ${request.accountId} is redacted`, ACCOUNT_POINTER);
    const row = await insertSession(trx, {
      environment: request.environment,
      accountId: account.id,
      entityType: account.entity_type,
      at: request.at,
      expiresAt: request.expiresAt,
      ...request.members(account),
    });
    if (request.accountContact) await updateAccount(trx, request.environment, account.id, { contact: JSON.stringify(request.accountContact), updated_at: request.at });
    await recordSessionEvent(trx, actor, row, 'created', null);
    return row;
  });
}

export type DeclineOutcome = 'declined' | 'already_declined' | 'expired' | 'already_decisioned' | 'not_found';

/**
 * Declines a session (decisioned_at), failing its unfinished documents with processing_cancelled
 * and expiring their files still awaited; a session past its expiry is stored as expired instead.
 */
export async function declineSession(db: Executor, actor: Actor, environment: Environment, sessionId: string, now: Date): Promise<{ outcome: DeclineOutcome; cancelledDocumentIds: string[] }> {
  return inTransaction(db, async (trx) => {
    const session = await findSession(trx, environment, sessionId, { forUpdate: true });
    if (!session) return { outcome: 'not_found' as const, cancelledDocumentIds: [] };
    if (session.status === 'declined') return { outcome: 'already_declined' as const, cancelledDocumentIds: [] };
    if (session.status === 'approved') return { outcome: 'already_decisioned' as const, cancelledDocumentIds: [] };
    if (effectiveSessionStatus(session, now) === 'expired') {
      if (session.status !== 'expired') await moveSession(trx, actor, session, 'expired', { expired_at: session.expires_at, updated_at: now });
      return { outcome: 'expired' as const, cancelledDocumentIds: [] };
    }
    await moveSession(trx, actor, session, 'declined', { decisioned_at: now, updated_at: now });
    const cancelledDocumentIds = await cancelSessionDocuments(trx, actor, environment, sessionId, now);
    return { outcome: 'declined' as const, cancelledDocumentIds };
  });
}

/** created / started → expired at `at` (the expiry timer); false when the session had moved on. */
export async function expireSession(db: Executor, actor: Actor, environment: Environment, sessionId: string, at: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const session = await findSession(trx, environment, sessionId, { forUpdate: true });
    if (!session || !EXPIRING_STATUSES.includes(session.status as SessionStatus)) return false;
    await moveSession(trx, actor, session, 'expired', { expired_at: at, updated_at: at });
    return true;
  });
}

/** completed / marked_for_review → approved (decisioned_at); approving again changes nothing. */
export async function approveSession(db: Executor, actor: Actor, environment: Environment, sessionId: string, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const session = await findSession(trx, environment, sessionId, { forUpdate: true });
    if (!session) throw notFoundError('Session', sessionId);
    if (session.status === 'approved') return;
    const status = effectiveSessionStatus(session, now);
    if (!APPROVABLE_STATUSES.includes(status)) {
      throw conflictError('session_not_approvable', `Session ${session.id} is ${status}; only completed or marked_for_review sessions can be approved`);
    }
    await moveSession(trx, actor, session, 'approved', { decisioned_at: now, updated_at: now });
  });
}
