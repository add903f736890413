/**
 * Resolves a new document's account and session: each must exist in the caller's environment; the
 * account must not be redacted; the session must still accept documents (not expired, declined or
 * approved) and belong to the given account. The account defaults to the session's.
 */
import { OPEN_STATUSES, effectiveSessionStatus } from '../../../activities/identity/sessions/session-lifecycle.js';
import { findAccount } from '../../../infra/db/repositories/identity-accounts.repository.js';
import { findSession } from '../../../infra/db/repositories/identity-sessions.repository.js';
import type { Database } from '../../../infra/db/database.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import type { Transaction } from 'kysely';
import { unprocessable } from '../../http/errors.js';

const ACCOUNT = { pointer: '/data/relationships/account/data/id' };
const SESSION = { pointer: '/data/relationships/session/data/id' };

export async function resolveDocumentOwners(
  trx: Transaction<Database>, environment: Environment, ids: { accountId?: string | undefined; sessionId?: string | undefined }, now: Date,
): Promise<{ accountId: string | null; sessionId: string | null }> {
  let accountId = ids.accountId ?? null;
  if (ids.sessionId) {
    const session = await findSession(trx, environment, ids.sessionId, { forUpdate: true });
    if (!session) throw unprocessable('session_not_found', `Session ${ids.sessionId} does not exist`, SESSION);
    const status = effectiveSessionStatus(session, now);
    if (!OPEN_STATUSES.includes(status)) throw unprocessable('session_closed', `Session ${session.id} is ${status} and accepts no more documents`, SESSION);
    if (accountId && session.account_id && session.account_id !== accountId) {
      throw unprocessable('relationship_mismatch', `Session ${session.id} belongs to another account`, SESSION);
    }
    accountId ??= session.account_id;
  }
  if (accountId) {
    const account = await findAccount(trx, environment, accountId);
    if (!account) throw unprocessable('account_not_found', `Account ${accountId} does not exist`, ACCOUNT);
    if (account.redacted_at) throw unprocessable('account_redacted', `Account ${accountId} is redacted`, ACCOUNT);
  }
  return { accountId, sessionId: ids.sessionId ?? null };
}
