/**
 * The event relay's contract: one long-running workflow per consumer of the event log
 * (`webhooks`, `audit`, `workflow_triggers`, `screening_monitoring`), each a loop of long activities that read the log after the consumer's
 * cursor. The worker starts them at start-up (joining the running ones).
 */
export const EVENT_RELAY_WORKFLOW_TYPE = 'eventRelayWorkflow';

/** The consumers the worker keeps running. */
export const EVENT_CONSUMERS = ['webhooks', 'audit', 'workflow_triggers', 'screening_monitoring'] as const;
export type EventConsumerName = (typeof EVENT_CONSUMERS)[number];

export interface EventRelayInput {
  consumer: EventConsumerName;
}

export function eventRelayWorkflowId(consumer: string): string {
  return `event-relay-${consumer}`;
}
