/** Every workflow the worker registers (the worker bundles this module). */
export * from './business-lookup/business-lookup.workflow.js';
export * from './screening/screening.workflow.js';
export * from './screening/screening-batch.workflow.js';
export * from './screening-monitoring/screening-monitoring.workflow.js';
export * from './list-refresh/list-refresh.workflow.js';
export * from './session-decline/session-decline.workflow.js';
export * from './session-expiry/session-expiry.workflow.js';
export * from './document-upload/document-upload.workflow.js';
export * from './document-processing/document-processing.workflow.js';
export * from './event-relay/event-relay.workflow.js';
export * from './webhook-endpoint/webhook-endpoint.workflow.js';
export * from './audit-stream/audit-stream.workflow.js';
export * from './noop/noop.workflow.js';
export * from './credential-issuance/credential-issuance.workflow.js';
export * from './workflow-execution/workflow-execution.workflow.js';
export * from './website-check/website-check.workflow.js';
export * from './document-analysis/document-analysis.workflow.js';
