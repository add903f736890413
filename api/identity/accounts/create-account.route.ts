/**
 * POST /v1/identity/accounts: stores a person or business account with its outbox event. An
 * external_id already used in the environment gets 409 naming the existing account; redacted_at
 * in the body creates the account already redacted (no personal data is stored).
 */
import { findAccountByExternalId, insertAccount, isExternalIdConflict } from '../../../infra/db/repositories/identity-accounts.repository.js';
import { writeOutboxEvent } from '../../../infra/db/repositories/outbox.repository.js';
import type { FeatureDeps } from '../../feature-deps.js';
import { defineRoute } from '../../http/route.js';
import { resourceEnvelope } from '../shared/identity-envelope.schemas.js';
import { externalIdTaken } from './account-conflicts.js';
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
      const redact = Boolean(attributes.redacted_at);
      const externalId = redact ? null : (attributes.external_id ?? null);
      if (externalId) {
        const existing = await findAccountByExternalId(deps.db, ctx.environment, externalId);
        if (existing) throw externalIdTaken(externalId, existing.id);
      }
      const now = deps.clock();
      const columns = redact ? {} : accountColumns(attributes, now);
      let id: string;
      try {
        id = await deps.db.transaction().execute(async (trx) => {
          const row = await insertAccount(trx, {
            environment: ctx.environment,
            externalId,
            status: attributes.status ?? 'active',
            entityType: entityTypeOf(attributes.business),
            person: columns.person ?? null,
            business: columns.business ?? null,
            address: columns.address ?? null,
            identityNumbers: (columns.identity_numbers as unknown[] | undefined) ?? [],
            at: now,
          });
          if (redact) await trx.updateTable('accounts').set({ redacted_at: now }).where('id', '=', row.id).execute();
          await writeOutboxEvent(trx, {
            environment: ctx.environment, resourceType: 'account', resourceId: row.id, status: row.status,
            payload: { event: redact ? 'created_redacted' : 'created', entity_type: row.entity_type },
          });
          return row.id;
        });
      } catch (error) {
        // Two creates racing with one external_id: the unique index decides, the loser gets the 409.
        if (externalId && isExternalIdConflict(error)) {
          const existing = await findAccountByExternalId(deps.db, ctx.environment, externalId);
          if (existing) throw externalIdTaken(externalId, existing.id);
        }
        throw error;
      }
      const resource = await accountResourceById(deps.db, ctx.environment, id);
      return { status: 201, body: resourceEnvelope(resource, accountPath(id)), headers: { Location: accountPath(id) } };
    },
  });
}
