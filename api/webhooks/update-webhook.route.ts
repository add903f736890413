/**
 * PATCH /v1/webhooks/{id}: changes the attributes given, checked like a creation; with
 * rotate_secret: true, a new secret is made and answered this once in meta.secret while the old
 * one keeps signing (both signatures are sent) for 24 hours. is_active: true reactivates a
 * configuration the delivery engine switched off.
 */
import { updateWebhookConfigAttributes } from '../../activities/webhooks/webhook-config.transitions.js';
import { checkDeliveryUrl, checkSubscription } from '../../activities/webhooks/webhook-subscription.model.js';
import { outboundPolicyFrom } from '../../infra/http/outbound-guard.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { updateWebhookBody, webhookConfigDocument, webhookConfigWithSecretDocument, webhookIdParams } from './webhook.schemas.js';
import { toWebhookConfigResource } from './webhook.serializer.js';

export function updateWebhookRoute(deps: FeatureDeps) {
  const policy = outboundPolicyFrom(deps.config.OUTBOUND_ALLOWLIST);
  return defineRoute({
    method: 'patch',
    path: '/v1/webhooks/{id}',
    scope: 'webhooks:write',
    summary: 'Update a webhook configuration or rotate its secret',
    tag: 'Webhooks',
    schemas: {
      params: webhookIdParams,
      body: updateWebhookBody,
      responses: { 200: { description: 'The configuration (with meta.secret when the secret was rotated)', schema: webhookConfigDocument.or(webhookConfigWithSecretDocument) } },
    },
    async handler({ params, body, ctx }) {
      const a = body.data.attributes;
      const { row, secret } = await updateWebhookConfigAttributes(deps.db, ctx.actor, deps.secrets, {
        environment: ctx.environment, id: params.id, at: deps.clock(),
        resourceType: a.resource_type, url: a.url, subscribedStatuses: a.subscribed_statuses ? [...new Set(a.subscribed_statuses)] : undefined,
        isActive: a.is_active, rotateSecret: a.rotate_secret,
        check: (merged) => {
          checkSubscription(merged.resourceType, merged.subscribedStatuses);
          if (a.url !== undefined) checkDeliveryUrl(merged.url, ctx.environment, policy);
        },
      });
      return { status: 200, body: { data: toWebhookConfigResource(row), ...(secret ? { meta: { secret } } : {}) } };
    },
  });
}
