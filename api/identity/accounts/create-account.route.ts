/**
 * POST /v1/identity/accounts: stores a person or business account with its event. An
 * external_id already used in the environment gets 409 naming the existing account; redacted_at
 * in the body creates the account already redacted (no personal data is stored).
 */
import { createAccount } from '../../../activities/identity/accounts/account.transitions.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { defineRoute } from '../../http/route.js';
import { resourceEnvelope } from '../shared/identity-envelope.schemas.js';
import { accountResourceById } from './account-reader.js';
import { accountDocument, createAccountBody } from './account.schemas.js';
import { accountPath } from './account.serializer.js';
import { accountColumns, entityTypeOf } from './account-values.js';

export function createAccountRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/identity/accounts',
    scope: 'identity:write',
    summary: 'Create an identity account (a person or a business)',
    description: 'entity_type is business when a business is given, else person. external_id is unique per environment (409 external_id_taken names the existing account). status defaults to active.',
    tag: 'Identity',
    schemas: { body: createAccountBody, responses: { 201: { description: 'The account', schema: accountDocument } } },
    async handler({ body, ctx }) {
      const attributes = body.data.attributes;
      const now = deps.clock();
      const columns = accountColumns(attributes, now);
      const { id } = await createAccount(deps.db, ctx.actor, {
        environment: ctx.environment,
        externalId: attributes.external_id ?? null,
        status: attributes.status ?? 'active',
        entityType: entityTypeOf(attributes.business),
        person: columns.person ?? null,
        business: columns.business ?? null,
        address: columns.address ?? null,
        identityNumbers: (columns.identity_numbers as unknown[] | undefined) ?? [],
        at: now,
        redact: Boolean(attributes.redacted_at),
      });
      const resource = await accountResourceById(deps.db, ctx.environment, id);
      return { status: 201, body: resourceEnvelope(resource, accountPath(id)), headers: { Location: accountPath(id) } };
    },
  });
}
