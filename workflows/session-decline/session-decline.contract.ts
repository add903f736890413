/**
 * The session decline workflow's contract, shared by the API (which starts it and waits for its
 * result) and the worker. Types and constants only.
 */
import type { Actor } from '../../activities/events/actor.model.js';
import type { Environment } from '../../infra/db/tables/common.js';

export const SESSION_DECLINE_WORKFLOW_TYPE = 'sessionDeclineWorkflow';
export const SESSION_RESOURCE_TYPE = 'session';

export interface SessionDeclineInput {
  sessionId: string;
  environment: Environment;
  /** Who asked for the decline (the API key); its events are recorded under this actor. */
  actor?: Actor;
}

/**
 * declined: this run declined it; already_declined: it was declined before (nothing changed);
 * expired / already_decisioned (approved) / not_found: it cannot be declined.
 */
export type SessionDeclineOutcome = 'declined' | 'already_declined' | 'expired' | 'already_decisioned' | 'not_found';

export interface SessionDeclineResult {
  outcome: SessionDeclineOutcome;
  /** Documents whose processing was cancelled. */
  cancelledDocumentIds: string[];
}

/** One decline per session: a repeated decline joins the running one. */
export function sessionDeclineWorkflowId(sessionId: string): string {
  return `session-decline-${sessionId}`;
}
