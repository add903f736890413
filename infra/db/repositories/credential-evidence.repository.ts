/**
 * The records a credential may state facts from: a session with its processed identity
 * documents, a business lookup, a screening, an account. Read-only; environment-scoped.
 */
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type { IdentityDocumentRow } from '../tables/identity-documents.table.js';

/** The session's processed identity documents (not redacted, with extracted fields), newest first. */
export async function processedIdentityDocumentsOfSession(db: Executor, environment: Environment, sessionId: string): Promise<IdentityDocumentRow[]> {
  return db
    .selectFrom('identity_documents')
    .selectAll()
    .where('environment', '=', environment)
    .where('session_id', '=', sessionId)
    .where('kind', '=', 'idv')
    .where('status', '=', 'processed')
    .where('redacted_at', 'is', null)
    .where('extracted', 'is not', null)
    .orderBy('processed_at', 'desc')
    .execute();
}
