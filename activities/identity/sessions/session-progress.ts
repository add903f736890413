/**
 * Moves a session along as its documents change (see session-lifecycle.ts), inside the caller's
 * transaction and with an outbox event per change: started when a document is attached, and
 * completed / failed / marked_for_review once none of its documents is unfinished.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../../infra/db/database.js';
import { sessionDocumentStates } from '../../../infra/db/repositories/identity-documents.repository.js';
import { findSession, updateSession } from '../../../infra/db/repositories/identity-sessions.repository.js';
import { writeOutboxEvent } from '../../../infra/db/repositories/outbox.repository.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import { sessionOutcome, type SessionStatus } from './session-lifecycle.js';

const REOPENABLE: readonly SessionStatus[] = ['created', 'completed', 'failed', 'marked_for_review'];
const FOLLOWS_DOCUMENTS: readonly SessionStatus[] = ['started', 'completed', 'failed', 'marked_for_review'];
const STAMP = { completed: 'completed_at', failed: 'failed_at', marked_for_review: 'marked_for_review_at' } as const;

export async function markSessionStarted(trx: Transaction<Database>, environment: Environment, sessionId: string, at: Date): Promise<void> {
  const session = await findSession(trx, environment, sessionId, { forUpdate: true });
  if (!session || !REOPENABLE.includes(session.status as SessionStatus)) return;
  await updateSession(trx, environment, sessionId, { status: 'started', started_at: session.started_at ?? at, updated_at: at });
  await writeOutboxEvent(trx, { environment, resourceType: 'session', resourceId: sessionId, status: 'started', payload: { event: 'started', previous_status: session.status } });
}

export async function refreshSessionOutcome(trx: Transaction<Database>, environment: Environment, sessionId: string | null, at: Date): Promise<void> {
  if (!sessionId) return;
  const session = await findSession(trx, environment, sessionId, { forUpdate: true });
  if (!session || !FOLLOWS_DOCUMENTS.includes(session.status as SessionStatus)) return;
  const states = await sessionDocumentStates(trx, sessionId);
  const outcome = sessionOutcome(states.map((s) => ({ status: s.status, isValid: s.kind === 'address' ? s.is_valid : null })));
  if (!outcome || outcome === session.status) return;
  await updateSession(trx, environment, sessionId, { status: outcome, [STAMP[outcome]]: at, updated_at: at });
  await writeOutboxEvent(trx, { environment, resourceType: 'session', resourceId: sessionId, status: outcome, payload: { event: outcome, previous_status: session.status } });
}
