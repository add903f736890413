/**
 * PATCH /v1/identity/accounts/{id}: changes the attributes given (status among active, inactive,
 * suspended, pending; external_id, person, business, address, identity_numbers). A timestamp in
 * redacted_at redacts the account (see account-redaction.ts); null on a redacted account, or
 * personal data for it, is refused with 409 account_redacted. One outbox event per change.
 */
import { findAccountByExternalId, findAccount, isExternalIdConflict, updateAccount } from '../../../infra/db/repositories/identity-accounts.repository.js';
import { writeOutboxEvent } from '../../../infra/db/repositories/outbox.repository.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { conflict, notFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { resourceEnvelope } from '../shared/identity-envelope.schemas.js';
import { idParams } from '../shared/identity-shapes.schemas.js';
import type { IdentityNumberValue } from '../shared/identity-values.js';
import { externalIdTaken } from './account-conflicts.js';
import { redactAccountInTransaction, removeRedactedFiles } from './account-redaction.js';
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
      const run = () => deps.db.transaction().execute(async (trx) => {
        const row = await findAccount(trx, ctx.environment, params.id, { forUpdate: true });
        if (!row) throw notFound('Account', params.id);
        if (row.redacted_at) {
          const personal = PERSONAL_ACCOUNT_ATTRIBUTES.filter((name) => attributes[name] !== undefined && attributes[name] !== null);
          if (personal.length > 0 || attributes.redacted_at === null) {
            throw conflict('account_redacted', `Account ${row.id} is redacted: redaction cannot be undone and no personal data can be added`, {
              pointer: `/data/attributes/${personal[0] ?? 'redacted_at'}`,
            });
          }
        }
        const externalId = attributes.external_id;
        if (externalId && externalId !== row.external_id) {
          const existing = await findAccountByExternalId(trx, ctx.environment, externalId);
          if (existing) throw externalIdTaken(externalId, existing.id);
        }
        const columns = accountColumns(attributes, now, (row.identity_numbers ?? []) as IdentityNumberValue[]);
        const changes = {
          ...columns,
          ...(columns.person !== undefined ? { person: jsonColumn(columns.person) } : {}),
          ...(columns.business !== undefined ? { business: jsonColumn(columns.business) } : {}),
          ...(columns.address !== undefined ? { address: jsonColumn(columns.address) } : {}),
          ...(columns.identity_numbers !== undefined ? { identity_numbers: JSON.stringify(columns.identity_numbers) } : {}),
          ...(attributes.status ? { status: attributes.status } : {}),
        };
        const changed = Object.keys(changes);
        let updated = row;
        if (changed.length > 0) {
          updated = await updateAccount(trx, ctx.environment, row.id, { ...changes, updated_at: now } as never);
          await writeOutboxEvent(trx, {
            environment: ctx.environment, resourceType: 'account', resourceId: row.id, status: updated.status,
            payload: { event: 'updated', changed, ...(attributes.status && attributes.status !== row.status ? { previous_status: row.status } : {}) },
          });
        }
        if (attributes.redacted_at) return redactAccountInTransaction(trx, ctx.environment, row.id, updated.status, now);
        return null;
      });
      let redacted;
      try {
        redacted = await run();
      } catch (error) {
        if (attributes.external_id && isExternalIdConflict(error)) {
          const existing = await findAccountByExternalId(deps.db, ctx.environment, attributes.external_id);
          if (existing) throw externalIdTaken(attributes.external_id, existing.id);
        }
        throw error;
      }
      if (redacted) await removeRedactedFiles(deps.storage, ctx.environment, redacted);
      const resource = await accountResourceById(deps.db, ctx.environment, params.id);
      return { status: 200, body: resourceEnvelope(resource, accountPath(params.id)) };
    },
  });
}
