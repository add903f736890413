/**
 * A session follows its documents, inside the transaction that changes them: started when a
 * document is attached, and completed / failed / marked_for_review once none of its documents is
 * unfinished (rules in session-lifecycle.model.ts).
 */
import { sessionDocumentStates } from '../../../infra/db/repositories/identity-documents.repository.js';
import { findSession } from '../../../infra/db/repositories/identity-sessions.repository.js';
import type { Trx } from '../../../infra/db/executor.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import type { Actor } from '../../events/actor.model.js';
import { sessionOutcome, type SessionStatus } from './session-lifecycle.model.js';
import { moveSession } from './session-events.js';

const REOPENABLE: readonly SessionStatus[] = ['created', 'completed', 'failed', 'marked_for_review'];
const FOLLOWS_DOCUMENTS: readonly SessionStatus[] = ['started', 'completed', 'failed', 'marked_for_review'];
const STAMP = { completed: 'completed_at', failed: 'failed_at', marked_for_review: 'marked_for_review_at' } as const;

/** created / completed / failed / marked_for_review → started, when a document is attached. */
export async function markSessionStarted(trx: Trx, actor: Actor, environment: Environment, sessionId: string, at: Date): Promise<void> {
  const session = await findSession(trx, environment, sessionId, { forUpdate: true });
  if (!session || !REOPENABLE.includes(session.status as SessionStatus)) return;
  await moveSession(trx, actor, session, 'started', { started_at: session.started_at ?? at, updated_at: at });
}

/** Follows the session's documents: completed / failed / marked_for_review once none is unfinished. */
export async function refreshSessionOutcome(trx: Trx, actor: Actor, environment: Environment, sessionId: string | null, at: Date): Promise<void> {
  if (!sessionId) return;
  const session = await findSession(trx, environment, sessionId, { forUpdate: true });
  if (!session || !FOLLOWS_DOCUMENTS.includes(session.status as SessionStatus)) return;
  const states = await sessionDocumentStates(trx, sessionId);
  const outcome = sessionOutcome(states.map((s) => ({ status: s.status, isValid: s.kind === 'address' ? s.is_valid : null })));
  if (!outcome || outcome === session.status) return;
  await moveSession(trx, actor, session, outcome, { [STAMP[outcome]]: at, updated_at: at });
}
