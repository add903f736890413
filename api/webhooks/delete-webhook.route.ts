/** DELETE /v1/webhooks/{id}: nothing more is delivered to it; 204. A deleted configuration is 404 from then on. */
import { deleteWebhookConfig } from '../../activities/webhooks/webhook-config.transitions.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { webhookIdParams } from './webhook.schemas.js';

export function deleteWebhookRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'delete',
    path: '/v1/webhooks/{id}',
    scope: 'webhooks:write',
    summary: 'Delete a webhook configuration',
    tag: 'Webhooks',
    schemas: { params: webhookIdParams, responses: { 204: { description: 'Deleted' } } },
    async handler({ params, ctx }) {
      await deleteWebhookConfig(deps.db, ctx.actor, ctx.environment, params.id, deps.clock());
      return { status: 204 };
    },
  });
}
