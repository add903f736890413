/**
 * The long-running workflows the worker keeps alive: one event relay per consumer of the event
 * log, and one pusher per active audit stream. Started at every worker start; a workflow already
 * running is joined, never duplicated.
 */
import type { Client } from '@temporalio/client';
import type { Db } from '../infra/db/create-db.js';
import { activeAuditStreams } from '../infra/db/repositories/audit-streams.repository.js';
import { startWorkflowOnce } from '../infra/temporal/temporal-client.js';
import { AUDIT_STREAM_WORKFLOW_TYPE, auditStreamWorkflowId, type AuditStreamInput } from '../workflows/audit-stream/audit-stream.contract.js';
import { EVENT_CONSUMERS, EVENT_RELAY_WORKFLOW_TYPE, eventRelayWorkflowId, type EventRelayInput } from '../workflows/event-relay/event-relay.contract.js';
import { resourceSearchAttributes } from '../workflows/shared/search-attributes.js';

export async function ensureBackgroundWorkflows(client: Client, db: Db, taskQueue: string): Promise<void> {
  for (const consumer of EVENT_CONSUMERS) {
    const input: EventRelayInput = { consumer };
    await startWorkflowOnce(client, {
      workflowType: EVENT_RELAY_WORKFLOW_TYPE, args: [input], taskQueue, workflowId: eventRelayWorkflowId(consumer),
      searchAttributes: resourceSearchAttributes('event_consumer', consumer, 'all'),
    });
  }
  for (const stream of await activeAuditStreams(db)) {
    const input: AuditStreamInput = { streamId: stream.id, environment: stream.environment };
    await startWorkflowOnce(client, {
      workflowType: AUDIT_STREAM_WORKFLOW_TYPE, args: [input], taskQueue, workflowId: auditStreamWorkflowId(stream.id),
      searchAttributes: resourceSearchAttributes('audit_stream', stream.id, stream.environment),
    });
  }
}
