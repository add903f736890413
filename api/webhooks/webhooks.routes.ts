/** The webhook configuration routes. */
import type { FeatureDeps } from '../feature-deps.js';
import type { RouteDefinition } from '../http/route.js';
import { createWebhookRoute } from './create-webhook.route.js';
import { deleteWebhookRoute } from './delete-webhook.route.js';
import { getWebhookRoutes } from './get-webhook.route.js';
import { listDeliveriesRoute } from './list-deliveries.route.js';
import { listWebhooksRoute } from './list-webhooks.route.js';
import { resendWebhookRoute } from './resend-webhook.route.js';
import { updateWebhookRoute } from './update-webhook.route.js';

export function webhookRoutes(deps: FeatureDeps): RouteDefinition[] {
  return [
    createWebhookRoute(deps),
    listWebhooksRoute(deps),
    ...getWebhookRoutes(deps),
    updateWebhookRoute(deps),
    deleteWebhookRoute(deps),
    resendWebhookRoute(deps),
    listDeliveriesRoute(deps),
  ];
}
