/** GET /v1/webhooks: the environment's webhook configurations, newest first. */
import { webhookConfigListQuery } from '../../infra/db/repositories/webhooks.repository.js';
import type { FeatureDeps } from '../feature-deps.js';
import { pageLinks, pageMeta, paginate, toPageRequest } from '../http/pagination.js';
import { defineRoute } from '../http/route.js';
import { listWebhooksQuery, webhookConfigListDocument } from './webhook.schemas.js';
import { toWebhookConfigResource } from './webhook.serializer.js';

export function listWebhooksRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'get',
    path: '/v1/webhooks',
    scope: 'webhooks:read',
    summary: 'List webhook configurations',
    description: 'filter[resource_type], filter[is_active] (true|false).',
    tag: 'Webhooks',
    schemas: { query: listWebhooksQuery, responses: { 200: { description: 'A page of configurations', schema: webhookConfigListDocument } } },
    async handler({ query, ctx, raw }) {
      const base = webhookConfigListQuery(deps.db, ctx.environment, { resourceType: query['filter[resource_type]'], isActive: query['filter[is_active]'] });
      const page = await paginate(base, 'webhook_configs', toPageRequest(query));
      const meta = pageMeta(page);
      return { status: 200, body: { data: page.rows.map(toWebhookConfigResource), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
    },
  });
}
