/**
 * POST /v1/webhooks: a webhook configuration for one resource type's statuses. The service makes
 * the signing secret and answers it this once in meta.secret (only secret_prefix afterwards).
 * resource_type must emit events, each subscribed status must be one of its statuses, and the URL
 * must pass the SSRF guard (https in production) — else 422 naming the member.
 */
import { randomUUID } from 'node:crypto';
import { createWebhookConfig } from '../../activities/webhooks/webhook-config.transitions.js';
import { checkDeliveryUrl, checkSubscription } from '../../activities/webhooks/webhook-subscription.model.js';
import { outboundPolicyFrom } from '../../infra/http/outbound-guard.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { createWebhookBody, webhookConfigWithSecretDocument } from './webhook.schemas.js';
import { toWebhookConfigResource, webhookPath } from './webhook.serializer.js';

export function createWebhookRoute(deps: FeatureDeps) {
  const policy = outboundPolicyFrom(deps.config.OUTBOUND_ALLOWLIST);
  return defineRoute({
    method: 'post',
    path: '/v1/webhooks',
    scope: 'webhooks:write',
    summary: 'Create a webhook configuration',
    description: 'resource_type is one of the event catalog\'s resource types; subscribed_statuses are statuses of that type. The secret (whsec_…) is answered once in meta.secret.',
    tag: 'Webhooks',
    schemas: { body: createWebhookBody, responses: { 201: { description: 'The configuration, with its secret this once', schema: webhookConfigWithSecretDocument } } },
    async handler({ body, ctx }) {
      const a = body.data.attributes;
      checkSubscription(a.resource_type, a.subscribed_statuses);
      checkDeliveryUrl(a.url, ctx.environment, policy);
      const { row, secret } = await createWebhookConfig(deps.db, ctx.actor, deps.secrets, {
        id: randomUUID(), environment: ctx.environment, resourceType: a.resource_type, url: a.url,
        subscribedStatuses: [...new Set(a.subscribed_statuses)], isActive: a.is_active, at: deps.clock(),
      });
      return { status: 201, body: { data: toWebhookConfigResource(row), meta: { secret } }, headers: { Location: webhookPath(row.id) } };
    },
  });
}
