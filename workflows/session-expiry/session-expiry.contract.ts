/** The session expiry workflow's contract (started by the API when a session is created). */
import type { Environment } from '../../infra/db/tables/common.js';

export const SESSION_EXPIRY_WORKFLOW_TYPE = 'sessionExpiryWorkflow';

export interface SessionExpiryInput {
  sessionId: string;
  environment: Environment;
  /** ISO timestamp of the session's expires_at. */
  expiresAt: string;
}

export interface SessionExpiryResult {
  expired: boolean;
}

export function sessionExpiryWorkflowId(sessionId: string): string {
  return `session-expiry-${sessionId}`;
}
