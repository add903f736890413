/**
 * POST /v1/webhooks/{id}/resend: delivers past events to this configuration again, with their
 * original webhook-id — the events named in event_ids (of its resource type), or those delivered
 * to it between since and until (only_failed: only those whose delivery failed). 202; the
 * deliveries follow the usual retries and appear in GET /v1/webhooks/{id}/deliveries.
 */
import { resendWebhookEvents } from '../../activities/webhooks/webhook-resend.transitions.js';
import { endpointWaker } from '../../workflows/webhook-endpoint/webhook-endpoint.client.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { resendDocument, resendWebhookBody, webhookIdParams } from './webhook.schemas.js';

export function resendWebhookRoute(deps: FeatureDeps) {
  const wake = endpointWaker(deps.temporal, deps.taskQueues.events);
  return defineRoute({
    method: 'post',
    path: '/v1/webhooks/{id}/resend',
    scope: 'webhooks:write',
    summary: 'Re-deliver past events to a webhook configuration',
    tag: 'Webhooks',
    schemas: { params: webhookIdParams, body: resendWebhookBody, responses: { 202: { description: 'The events queued for delivery', schema: resendDocument } } },
    async handler({ params, body, ctx }) {
      const a = body.data.attributes;
      const selection = 'event_ids' in a
        ? { eventIds: [...new Set(a.event_ids)] }
        : { since: new Date(a.since), until: a.until ? new Date(a.until) : null, onlyFailed: a.only_failed };
      const { eventIds } = await resendWebhookEvents(deps.db, ctx.environment, params.id, selection, deps.clock());
      if (eventIds.length > 0) {
        await wake([{ endpointId: params.id, endpointType: 'webhook_config', environment: ctx.environment }]).catch((error: unknown) =>
          // The deliveries are stored; the relay's recovery wakes the endpoint if this wake-up was lost.
          ctx.log.warn({ err: error, webhookId: params.id }, 'could not wake the delivery workflow'),
        );
      }
      return { status: 202, body: { data: { type: 'webhook_resend' as const, attributes: { event_count: eventIds.length, event_ids: eventIds } } } };
    },
  });
}
