/**
 * GET /v1/webhooks/{id}/deliveries (not in the spec; an integrator needs it): the delivery
 * attempts to this configuration, newest first — time, event, status code, latency, error and
 * when the next attempt is due.
 */
import { attemptListQuery, findWebhookConfig } from '../../infra/db/repositories/webhooks.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import { notFound } from '../http/errors.js';
import { pageLinks, pageMeta, paginate, toPageRequest } from '../http/pagination.js';
import { defineRoute } from '../http/route.js';
import { deliveryAttemptListDocument, listDeliveriesQuery, webhookIdParams } from './webhook.schemas.js';
import { toDeliveryAttemptResource } from './webhook.serializer.js';

export function listDeliveriesRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'get',
    path: '/v1/webhooks/{id}/deliveries',
    scope: 'webhooks:read',
    summary: 'List delivery attempts of a webhook configuration',
    tag: 'Webhooks',
    schemas: { params: webhookIdParams, query: listDeliveriesQuery, responses: { 200: { description: 'A page of attempts', schema: deliveryAttemptListDocument } } },
    async handler({ params, query, ctx, raw }) {
      if (!(await findWebhookConfig(deps.db, ctx.environment, params.id))) throw notFound('Webhook config', params.id);
      const page = await paginate(attemptListQuery(deps.db, ctx.environment, params.id), 'webhook_delivery_attempts', toPageRequest(query));
      const meta = pageMeta(page);
      return { status: 200, body: { data: page.rows.map(toDeliveryAttemptResource), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
    },
  });
}
