/**
 * Client side of the delivery engine, for the API and activities (never imported by workflow
 * code): wakes (or starts) the delivery workflow of each endpoint that has new deliveries with a
 * signal-with-start, so a running workflow is signalled and an ended one starts again.
 */
import type { Client } from '@temporalio/client';
import { resourceSearchAttributes } from '../shared/search-attributes.js';
import {
  DELIVERIES_DUE_SIGNAL,
  WEBHOOK_ENDPOINT_WORKFLOW_TYPE,
  webhookEndpointWorkflowId,
  type WebhookEndpointInput,
} from './webhook-endpoint.contract.js';

export type EndpointWaker = (endpoints: readonly WebhookEndpointInput[]) => Promise<void>;

export function endpointWaker(client: Client, taskQueue: string): EndpointWaker {
  return async (endpoints) => {
    const unique = new Map(endpoints.map((e) => [e.endpointId, e]));
    await Promise.all(
      [...unique.values()].map((endpoint) =>
        client.workflow.signalWithStart(WEBHOOK_ENDPOINT_WORKFLOW_TYPE, {
          workflowId: webhookEndpointWorkflowId(endpoint.endpointId),
          taskQueue,
          args: [endpoint],
          signal: DELIVERIES_DUE_SIGNAL,
          signalArgs: [],
          typedSearchAttributes: resourceSearchAttributes(endpoint.endpointType, endpoint.endpointId, endpoint.environment),
        }),
      ),
    );
  };
}
