/**
 * Session statuses and the rules that move a session between them (pure; the API and the
 * activities apply them). A session is created for an account and:
 *   created           → started            when its first document is attached (started_at)
 *   created, started  → expired            at expires_at (created_at + 24 h; expired_at)
 *   started, completed, failed, marked_for_review → completed | failed | marked_for_review
 *                                          when none of its documents is pending or submitted:
 *                                          all processed and valid → completed (completed_at),
 *                                          all failed → failed (failed_at), else marked_for_review
 *                                          (marked_for_review_at); a new document sets it back to started
 *   any but expired, declined, approved → declined   by POST .../decline (decisioned_at)
 *   completed, marked_for_review        → approved   by POST .../approve (decisioned_at)
 * declined, approved and expired are final.
 */
export const SESSION_STATUSES = ['created', 'started', 'completed', 'failed', 'marked_for_review', 'expired', 'declined', 'approved'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Statuses that still run out at expires_at. */
export const EXPIRING_STATUSES: readonly SessionStatus[] = ['created', 'started'];
/** Statuses a document may be attached in. */
export const OPEN_STATUSES: readonly SessionStatus[] = ['created', 'started', 'completed', 'failed', 'marked_for_review'];
export const FINAL_STATUSES: readonly SessionStatus[] = ['expired', 'declined', 'approved'];
export const APPROVABLE_STATUSES: readonly SessionStatus[] = ['completed', 'marked_for_review'];

export function sessionExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + SESSION_LIFETIME_MS);
}

/**
 * The status as of `now`: a created or started session past its expires_at is expired even before
 * the expiry workflow has stored it (the lazy check that covers a worker that was down).
 */
export function effectiveSessionStatus(session: { status: string; expires_at: Date | null }, now: Date): SessionStatus {
  const status = session.status as SessionStatus;
  if (EXPIRING_STATUSES.includes(status) && session.expires_at && session.expires_at.getTime() <= now.getTime()) return 'expired';
  return status;
}

export interface SessionDocumentState {
  status: 'pending' | 'submitted' | 'processed' | 'failed';
  /** Proofs of address carry a validity verdict; identity documents are valid when processed. */
  isValid: boolean | null;
}

/** What a session's documents say about it, or null while any of them is unfinished (or none exists). */
export function sessionOutcome(documents: readonly SessionDocumentState[]): 'completed' | 'failed' | 'marked_for_review' | null {
  if (documents.length === 0) return null;
  if (documents.some((d) => d.status === 'pending' || d.status === 'submitted')) return null;
  if (documents.every((d) => d.status === 'failed')) return 'failed';
  if (documents.every((d) => d.status === 'processed' && d.isValid !== false)) return 'completed';
  return 'marked_for_review';
}
