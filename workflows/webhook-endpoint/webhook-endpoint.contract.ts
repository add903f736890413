/**
 * The delivery engine's contract: one workflow per endpoint (a webhook config or an https audit
 * stream) delivers what is owed to it, in rounds of due deliveries, sleeping on a durable timer
 * until the next retry is due or until the `deliveriesDue` signal says new deliveries were added.
 * It ends when nothing is pending; the next delivery starts it again (signal-with-start).
 */
import { defineSignal } from '@temporalio/workflow';
import type { Environment } from '../../infra/db/tables/common.js';
import type { EndpointType } from '../../infra/db/tables/webhooks.table.js';

export const WEBHOOK_ENDPOINT_WORKFLOW_TYPE = 'webhookEndpointWorkflow';
export const DELIVERIES_DUE_SIGNAL = 'deliveriesDue';
export const deliveriesDueSignal = defineSignal(DELIVERIES_DUE_SIGNAL);

export interface WebhookEndpointInput {
  endpointId: string;
  endpointType: EndpointType;
  environment: Environment;
}

/** What one round of deliveries left behind. */
export interface DeliveryRound {
  /** The endpoint no longer receives (deleted or deactivated): the workflow ends. */
  gone: boolean;
  pending: number;
  /** More deliveries were due than one round takes: go again at once. */
  more: boolean;
  /** Epoch ms of the earliest pending delivery, or null. */
  nextDueAt: number | null;
}

export function webhookEndpointWorkflowId(endpointId: string): string {
  return `webhook-endpoint-${endpointId}`;
}
