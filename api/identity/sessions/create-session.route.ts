/**
 * POST /v1/identity/sessions: opens a verification session for an account (status created,
 * expires_at = created_at + 24 h, creator_type api_key with the key's id). Members the body leaves
 * out are copied from the account. A contact given here becomes the account's contact (the spec
 * returns an account's contact but does not take it on the account). The expiry workflow is
 * started with it; if Temporal is unreachable the lazy expiry rule still applies.
 */
import { startResourceWorkflow } from '../../http/resource-workflow.js';
import { sessionExpiresAt } from '../../../activities/identity/sessions/session-lifecycle.model.js';
import { openSession } from '../../../activities/identity/sessions/session.transitions.js';
import { SESSION_RESOURCE_TYPE } from '../../../workflows/session-decline/session-decline.contract.js';
import { SESSION_EXPIRY_WORKFLOW_TYPE, sessionExpiryWorkflowId, type SessionExpiryInput } from '../../../workflows/session-expiry/session-expiry.contract.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { defineRoute } from '../../http/route.js';
import { resourceEnvelope } from '../shared/identity-envelope.schemas.js';
import { addressValue, businessValue, contactValue, identityNumberValue, personValue, type IdentityNumberValue } from '../shared/identity-values.js';
import { sessionResourceById } from './session-reader.js';
import { createSessionBody, sessionDocument } from './session.schemas.js';
import { sessionPath } from './session.serializer.js';

export function createSessionRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/identity/sessions',
    scope: 'identity:write',
    summary: 'Open a verification session for an account',
    description: 'relationships.account is required. Members left out (person, business, address, identity_numbers) are copied from the account. Sessions expire 24 hours after creation unless they reach completed, failed or marked_for_review first.',
    tag: 'Identity',
    schemas: { body: createSessionBody, responses: { 201: { description: 'The session', schema: sessionDocument } } },
    async handler({ body, ctx }) {
      const a = body.data.attributes;
      const accountId = body.data.relationships.account.data.id;
      const now = deps.clock();
      const contact = contactValue(a.contact);
      const session = await openSession(deps.db, ctx.actor, {
        environment: ctx.environment,
        accountId,
        at: now,
        expiresAt: sessionExpiresAt(now),
        accountContact: contact,
        members: (account) => {
          const accountNumbers = (account.identity_numbers ?? []) as IdentityNumberValue[];
          return {
            creatorType: 'api_key',
            creatorId: ctx.apiKeyId,
            person: a.person !== undefined ? personValue(a.person) : account.person,
            business: a.business !== undefined ? businessValue(a.business) : account.business,
            identityNumber: a.identity_numbers !== undefined ? (a.identity_numbers ? identityNumberValue(a.identity_numbers, now, accountNumbers) : null) : (accountNumbers[0] ?? null),
            contact: contact ?? account.contact,
            address: a.address !== undefined ? addressValue(a.address) : account.address,
            behaviorAnalysis: a.behavior_analysis ?? null,
          };
        },
      });

      const input: SessionExpiryInput = { sessionId: session.id, environment: ctx.environment, expiresAt: session.expires_at!.toISOString() };
      await startResourceWorkflow(deps.temporal, {
        workflowType: SESSION_EXPIRY_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueues.identity, workflowId: sessionExpiryWorkflowId(session.id),
        resourceType: SESSION_RESOURCE_TYPE, resourceId: session.id, environment: ctx.environment,
      }).catch((error: unknown) => ctx.log.warn({ err: error, sessionId: session.id }, 'session expiry workflow not started; expiry is applied lazily'));

      const resource = await sessionResourceById(deps.db, ctx.environment, session.id, now);
      return { status: 201, body: resourceEnvelope(resource, sessionPath(session.id)), headers: { Location: sessionPath(session.id) } };
    },
  });
}
