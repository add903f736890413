/**
 * Merges every domain's activity factory into the one object the worker registers.
 * Workflows see activities only as `import type` of this factory's return type.
 */
import type { ActivityDeps } from './activity-deps.js';
import { auditConsumer } from './audit/audit.consumer.js';
import { createAuditStreamActivities } from './audit/audit-stream.activities.js';
import { createCredentialIssuanceActivities } from './credentials/credential-issuance.activities.js';
import { createBusinessLookupActivities } from './businesses/lookup/business-lookup.activities.js';
import { createEventRelayActivities } from './events/relay/event-relay.activities.js';
import { createIdentityActivities } from './identity/identity.activities.js';
import { createDocumentAnalysisActivities } from './documents/processing/document-analysis.activities.js';
import { createScreeningActivities } from './screening/screening-activities.js';
import type { MatchIndexCache } from './screening/index-cache/match-index-cache.js';
import { screeningMonitoringConsumer } from './screening/monitoring/screening-monitoring.consumer.js';
import { createDeliveryRoundActivities } from './webhooks/delivery/delivery-round.activities.js';
import { endpointWaker } from '../workflows/webhook-endpoint/webhook-endpoint.client.js';
import { webhooksConsumer } from './webhooks/webhook.consumer.js';
import { createUserWorkflowActivities } from './user-workflows/user-workflow.activities.js';
import { workflowTriggersConsumer } from './user-workflows/workflow-triggers.consumer.js';
import { createWebsiteCheckActivities } from './website-checks/website-check.activities.js';

/** `screeningIndexes`: the matcher index cache the screening activities use (one is made when not given). */
export function createActivities(deps: ActivityDeps, options: { screeningIndexes?: MatchIndexCache } = {}) {
  const wake = endpointWaker(deps.temporal, deps.taskQueues.events);
  return {
    ...createBusinessLookupActivities(deps),
    ...createScreeningActivities(deps, options.screeningIndexes ? { cache: options.screeningIndexes } : {}),
    ...createIdentityActivities(deps),
    ...createDocumentAnalysisActivities(deps),
    ...createEventRelayActivities(deps.db, {
      webhooks: webhooksConsumer({ db: deps.db, clock: deps.clock, wake }),
      audit: auditConsumer(deps.clock),
      workflow_triggers: workflowTriggersConsumer(deps),
      screening_monitoring: screeningMonitoringConsumer({ ...deps, taskQueue: deps.taskQueues.screening }),
    }),
    ...createDeliveryRoundActivities(deps),
    ...createAuditStreamActivities({ ...deps, wake }),
    ...createCredentialIssuanceActivities(deps),
    ...createUserWorkflowActivities(deps),
    ...createWebsiteCheckActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
