/**
 * Session activities: the decline (decided and stored in one transaction, so a retried activity
 * or a second decline finds the session already declined) and the timed expiry, both through the
 * session transitions.
 */
import type { Environment } from '../../../infra/db/tables/common.js';
import type { SessionDeclineInput, SessionDeclineResult } from '../../../workflows/session-decline/session-decline.contract.js';
import type { SessionExpiryResult } from '../../../workflows/session-expiry/session-expiry.contract.js';
import type { ActivityDeps } from '../../activity-deps.js';
import { systemActor } from '../../events/actor.model.js';
import { declineSession, expireSession } from './session.transitions.js';

export function createSessionActivities(deps: Pick<ActivityDeps, 'db' | 'clock'>) {
  return {
    async declineSession(input: SessionDeclineInput): Promise<SessionDeclineResult> {
      return declineSession(deps.db, input.actor ?? systemActor('sessionDeclineWorkflow'), input.environment, input.sessionId, deps.clock());
    },

    async expireSession(input: { sessionId: string; environment: Environment; at: string }): Promise<SessionExpiryResult> {
      return { expired: await expireSession(deps.db, systemActor('sessionExpiryWorkflow'), input.environment, input.sessionId, new Date(input.at)) };
    },
  };
}
