/**
 * PATCH /v1/identity/accounts/{id}: changes the attributes given (status among active, inactive,
 * suspended, pending; external_id, person, business, address, identity_numbers). A timestamp in
 * redacted_at redacts the account (account.transitions.ts); null on a redacted account, or
 * personal data for it, is refused with 409 account_redacted. One event per change.
 */
import { removeRedactedFiles, updateIdentityAccount } from '../../../activities/identity/accounts/account.transitions.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { defineRoute } from '../../http/route.js';
import { resourceEnvelope } from '../shared/identity-envelope.schemas.js';
import { idParams } from '../shared/identity-shapes.schemas.js';
import type { IdentityNumberValue } from '../shared/identity-values.js';
import { accountResourceById } from './account-reader.js';
import { accountDocument, updateAccountBody } from './account.schemas.js';
import { accountPath } from './account.serializer.js';
import { accountColumns, PERSONAL_ACCOUNT_ATTRIBUTES } from './account-values.js';

const jsonColumn = (value: unknown) => (value === null ? null : JSON.stringify(value));

export function updateAccountRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'patch',
    path: '/v1/identity/accounts/{id}',
    scope: 'identity:write',
    summary: 'Update an identity account (status, personal data, redaction)',
    tag: 'Identity',
    schemas: { params: idParams, body: updateAccountBody, responses: { 200: { description: 'The updated account', schema: accountDocument } } },
    async handler({ params, body, ctx }) {
      const attributes = body.data.attributes;
      const now = deps.clock();
      const redacted = await updateIdentityAccount(deps.db, ctx.actor, {
        environment: ctx.environment,
        id: params.id,
        at: now,
        personalAttributes: PERSONAL_ACCOUNT_ATTRIBUTES.filter((name) => attributes[name] !== undefined && attributes[name] !== null),
        unredact: attributes.redacted_at === null,
        redact: Boolean(attributes.redacted_at),
        externalId: attributes.external_id,
        changes: (row) => {
          const columns = accountColumns(attributes, now, (row.identity_numbers ?? []) as IdentityNumberValue[]);
          return {
            ...columns,
            ...(columns.person !== undefined ? { person: jsonColumn(columns.person) } : {}),
            ...(columns.business !== undefined ? { business: jsonColumn(columns.business) } : {}),
            ...(columns.address !== undefined ? { address: jsonColumn(columns.address) } : {}),
            ...(columns.identity_numbers !== undefined ? { identity_numbers: JSON.stringify(columns.identity_numbers) } : {}),
            ...(attributes.status ? { status: attributes.status } : {}),
          } as never;
        },
      });
      if (redacted) await removeRedactedFiles(deps.storage, ctx.environment, redacted);
      const resource = await accountResourceById(deps.db, ctx.environment, params.id);
      return { status: 200, body: resourceEnvelope(resource, accountPath(params.id)) };
    },
  });
}
