/**
 * The webhooks consumer of the event log: each state-change event that matches an active
 * configuration of its environment (same resource type, a subscribed status, created before the
 * event) becomes a delivery owed to that endpoint, in the transaction that moves the cursor; after
 * commit the endpoints' delivery workflows are woken. At start it wakes every endpoint that still
 * has pending deliveries, in case a crash came between a commit and its wake-up.
 */
import type { Db } from '../../infra/db/create-db.js';
import { activeConfigsFor, endpointsWithPendingDeliveries, insertDeliveries, type NewDelivery } from '../../infra/db/repositories/webhooks.repository.js';
import type { Trx } from '../../infra/db/executor.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { EventRow } from '../../infra/db/tables/events.table.js';
import type { WebhookEndpointInput } from '../../workflows/webhook-endpoint/webhook-endpoint.contract.js';
import type { EventConsumer } from '../events/relay/event-consumer.js';
import type { EndpointWaker } from '../../workflows/webhook-endpoint/webhook-endpoint.client.js';
import { webhookMessageOf } from './webhook-message.model.js';

export const WEBHOOKS_CONSUMER = 'webhooks';

export function webhooksConsumer(deps: { db: Db; clock: () => Date; wake: EndpointWaker }): EventConsumer {
  return {
    name: WEBHOOKS_CONSUMER,
    category: 'change',
    async handle(trx: Trx, events: readonly EventRow[]) {
      const environments = [...new Set(events.map((e) => e.environment))] as Environment[];
      const resourceTypes = [...new Set(events.map((e) => e.resource_type).filter((t): t is string => Boolean(t)))];
      const configs = await activeConfigsFor(trx, environments, resourceTypes);
      if (configs.length === 0) return;
      const now = deps.clock();
      const deliveries: NewDelivery[] = [];
      const woken: WebhookEndpointInput[] = [];
      for (const event of events) {
        for (const config of configs) {
          if (config.environment !== event.environment || config.resource_type !== event.resource_type) continue;
          if (!event.status || !config.subscribed_statuses.includes(event.status)) continue;
          if (config.created_at.getTime() > event.occurred_at.getTime()) continue;
          deliveries.push({
            environment: event.environment, endpoint_type: 'webhook_config', endpoint_id: config.id, message_id: event.id,
            message_type: event.type, payload: webhookMessageOf(event) as never, trigger: 'event', next_attempt_at: now,
          });
          woken.push({ endpointId: config.id, endpointType: 'webhook_config', environment: config.environment });
        }
      }
      if (deliveries.length === 0) return;
      await insertDeliveries(trx, deliveries);
      return () => deps.wake(woken);
    },
    async recover() {
      const pending = await endpointsWithPendingDeliveries(deps.db);
      await deps.wake(pending.map((p) => ({ endpointId: p.endpoint_id, endpointType: p.endpoint_type, environment: p.environment })));
    },
  };
}
