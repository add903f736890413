/** GET /v1/webhooks/{id} and GET /v1/webhooks/configs/{id} (the spec's path): one configuration, its secret masked. */
import { findWebhookConfig } from '../../infra/db/repositories/webhooks.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import { notFound } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { webhookConfigDocument, webhookIdParams } from './webhook.schemas.js';
import { toWebhookConfigResource } from './webhook.serializer.js';

export function getWebhookRoutes(deps: FeatureDeps) {
  return ['/v1/webhooks/{id}', '/v1/webhooks/configs/{id}'].map((path) =>
    defineRoute({
      method: 'get',
      path,
      scope: 'webhooks:read',
      summary: 'Get a webhook configuration',
      description: 'The secret is masked: only secret_prefix is returned.',
      tag: 'Webhooks',
      schemas: { params: webhookIdParams, responses: { 200: { description: 'The configuration', schema: webhookConfigDocument } } },
      async handler({ params, ctx }) {
        const row = await findWebhookConfig(deps.db, ctx.environment, params.id);
        if (!row) throw notFound('Webhook config', params.id);
        return { status: 200, body: { data: toWebhookConfigResource(row) } };
      },
    }),
  );
}
