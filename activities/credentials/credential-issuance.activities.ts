/**
 * The issuing workflow's activities: allocate the status indexes of an issuance's pending
 * credentials, sign and store them with the environment's active key, or mark them failed.
 * Claims never pass through Temporal: the activities read them from the database.
 */
import type { ActivityDeps } from '../activity-deps.js';
import { credentialsOfIssuance } from '../../infra/db/repositories/credentials.repository.js';
import type { CredentialIssuanceInput } from '../../workflows/credential-issuance/credential-issuance.contract.js';
import { systemActor } from '../events/actor.model.js';
import { failPendingCredentials, issuePendingCredentials } from './credential.transitions.js';
import { issuerIdentity } from './issuer-identity.model.js';
import { openSigningKey } from './issuer-keys.transitions.js';
import { allocateStatusIndexes } from './status-index-allocator.js';

const actor = systemActor('credentialIssuanceWorkflow');

export function createCredentialIssuanceActivities(deps: Pick<ActivityDeps, 'db' | 'secrets' | 'clock' | 'config'>) {
  return {
    async allocateCredentialStatus(input: CredentialIssuanceInput): Promise<{ allocated: number }> {
      const pending = await credentialsOfIssuance(deps.db, input.environment, input.issuanceId, { status: 'pending' });
      const allocations = await allocateStatusIndexes(deps.db, input.environment, pending.map((c) => c.id), deps.clock());
      return { allocated: allocations.size };
    },

    async issueCredentials(input: CredentialIssuanceInput): Promise<{ issued: number }> {
      const key = await openSigningKey(deps.db, deps.secrets, input.environment);
      const identity = issuerIdentity(deps.config.PUBLIC_BASE_URL, input.environment);
      const issued = await issuePendingCredentials(deps.db, actor, { environment: input.environment, issuanceId: input.issuanceId, identity, key, at: deps.clock() });
      return { issued: issued.length };
    },

    async failCredentialIssuance(input: CredentialIssuanceInput & { errors: { code: string; message: string }[] }): Promise<{ failed: number }> {
      const failed = await failPendingCredentials(deps.db, actor, { environment: input.environment, issuanceId: input.issuanceId, errors: input.errors, at: deps.clock() });
      return { failed: failed.length };
    },
  };
}
