/**
 * How a session's status changes are stored and recorded: one update, one `session.<status>`
 * event, in the caller's transaction. Used by the session transitions.
 */
import { updateSession } from '../../../infra/db/repositories/identity-sessions.repository.js';
import type { Trx } from '../../../infra/db/executor.js';
import type { SessionRow } from '../../../infra/db/tables/sessions.table.js';
import type { Actor } from '../../events/actor.model.js';
import { recordEvent } from '../../events/record-event.js';
import type { SessionStatus } from './session-lifecycle.model.js';

/** Records `session.<status>` (or `session.redacted`) for the session as it now is. */
export async function recordSessionEvent(trx: Trx, actor: Actor, session: SessionRow, event: SessionStatus | 'redacted', previous: string | null): Promise<void> {
  await recordEvent(trx, actor, {
    type: `session.${event}`,
    environment: session.environment,
    resourceId: session.id,
    payload: { status: session.status as SessionStatus, previous_status: (previous as SessionStatus | null) ?? null, account_id: session.account_id! },
  });
}

export async function moveSession(trx: Trx, actor: Actor, session: SessionRow, to: SessionStatus, changes: Record<string, unknown>): Promise<SessionRow> {
  const row = await updateSession(trx, session.environment, session.id, { status: to, ...changes });
  await recordSessionEvent(trx, actor, row, to, session.status);
  return row;
}
