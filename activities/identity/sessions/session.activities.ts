/**
 * Session activities: the decline (decided and stored in one transaction, so a retried activity
 * or a second decline finds the session already declined) and the timed expiry.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../../infra/db/database.js';
import { appendErrors, transitionDocument, settleFile } from '../../../infra/db/repositories/identity-documents.repository.js';
import { findSession, updateSession } from '../../../infra/db/repositories/identity-sessions.repository.js';
import { writeOutboxEvent } from '../../../infra/db/repositories/outbox.repository.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import type { ProcessingErrorItem } from '../../../infra/db/tables/identity-documents.table.js';
import type { SessionDeclineInput, SessionDeclineResult } from '../../../workflows/session-decline/session-decline.contract.js';
import type { SessionExpiryResult } from '../../../workflows/session-expiry/session-expiry.contract.js';
import type { ActivityDeps } from '../../activity-deps.js';
import { EXPIRING_STATUSES, effectiveSessionStatus, type SessionStatus } from './session-lifecycle.js';

export function createSessionActivities(deps: Pick<ActivityDeps, 'db' | 'clock'>) {
  return {
    async declineSession(input: SessionDeclineInput): Promise<SessionDeclineResult> {
      const { sessionId, environment } = input;
      const now = deps.clock();
      return deps.db.transaction().execute(async (trx) => {
        const session = await findSession(trx, environment, sessionId, { forUpdate: true });
        if (!session) return { outcome: 'not_found', cancelledDocumentIds: [] };
        if (session.status === 'declined') return { outcome: 'already_declined', cancelledDocumentIds: [] };
        if (session.status === 'approved') return { outcome: 'already_decisioned', cancelledDocumentIds: [] };
        if (effectiveSessionStatus(session, now) === 'expired') {
          if (session.status !== 'expired') {
            await updateSession(trx, environment, sessionId, { status: 'expired', expired_at: session.expires_at, updated_at: now });
            await writeOutboxEvent(trx, { environment, resourceType: 'session', resourceId: sessionId, status: 'expired', payload: { event: 'expired', previous_status: session.status } });
          }
          return { outcome: 'expired', cancelledDocumentIds: [] };
        }
        await updateSession(trx, environment, sessionId, { status: 'declined', decisioned_at: now, updated_at: now });
        await writeOutboxEvent(trx, { environment, resourceType: 'session', resourceId: sessionId, status: 'declined', payload: { event: 'declined', previous_status: session.status } });
        const cancelledDocumentIds = await cancelUnfinishedDocuments(trx, environment, sessionId, now);
        return { outcome: 'declined', cancelledDocumentIds };
      });
    },

    async expireSession(input: { sessionId: string; environment: Environment; at: string }): Promise<SessionExpiryResult> {
      const at = new Date(input.at);
      return deps.db.transaction().execute(async (trx) => {
        const session = await findSession(trx, input.environment, input.sessionId, { forUpdate: true });
        if (!session || !EXPIRING_STATUSES.includes(session.status as SessionStatus)) return { expired: false };
        await updateSession(trx, input.environment, input.sessionId, { status: 'expired', expired_at: at, updated_at: at });
        await writeOutboxEvent(trx, { environment: input.environment, resourceType: 'session', resourceId: input.sessionId, status: 'expired', payload: { event: 'expired', previous_status: session.status } });
        return { expired: true };
      });
    },
  };
}

/** Fails the session's pending and submitted documents and expires their files still awaiting upload. */
async function cancelUnfinishedDocuments(trx: Transaction<Database>, environment: Environment, sessionId: string, now: Date): Promise<string[]> {
  const documents = await trx
    .selectFrom('identity_documents').select(['id', 'kind'])
    .where('environment', '=', environment).where('session_id', '=', sessionId).where('status', 'in', ['pending', 'submitted'])
    .forUpdate().execute();
  const error: ProcessingErrorItem = {
    status: '409', code: 'processing_cancelled', title: 'Processing cancelled',
    detail: 'the session was declined before the document finished processing', meta: { occurred_at: now.toISOString() },
  };
  const cancelled: string[] = [];
  for (const doc of documents) {
    const row = await transitionDocument(trx, doc.id, ['pending', 'submitted'], { status: 'failed', processed_at: now, updated_at: now, processing_errors: appendErrors([error]) });
    if (!row) continue;
    cancelled.push(doc.id);
    await writeOutboxEvent(trx, { environment, resourceType: `document/${doc.kind}`, resourceId: doc.id, status: 'failed', payload: { event: 'processing_cancelled', session_id: sessionId } });
    const files = await trx.selectFrom('identity_document_files').select('id').where('document_id', '=', doc.id).where('status', '=', 'pending_upload').execute();
    for (const file of files) {
      if (await settleFile(trx, file.id, 'expired', {}, now)) {
        await writeOutboxEvent(trx, { environment, resourceType: 'document_file', resourceId: file.id, status: 'expired', payload: { event: 'upload_cancelled', document_id: doc.id } });
      }
    }
  }
  return cancelled;
}
