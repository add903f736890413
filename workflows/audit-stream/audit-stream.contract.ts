/** The audit stream workflow's contract: one workflow per stream, started when the stream is created. */
import type { Environment } from '../../infra/db/tables/common.js';

export const AUDIT_STREAM_WORKFLOW_TYPE = 'auditStreamWorkflow';

export interface AuditStreamInput {
  streamId: string;
  environment: Environment;
}

export function auditStreamWorkflowId(streamId: string): string {
  return `audit-stream-${streamId}`;
}
