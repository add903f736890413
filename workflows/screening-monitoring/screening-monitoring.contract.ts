/**
 * The monitoring workflow's contract: one workflow per monitoring run (a list version activated,
 * in one environment with monitored subjects), started by the monitoring consumer of the event log.
 */
export const SCREENING_MONITORING_WORKFLOW_TYPE = 'screeningMonitoringWorkflow';
export const SCREENING_MONITORING_RESOURCE_TYPE = 'screening_monitoring_run';

export interface ScreeningMonitoringInput {
  runId: string;
}

export function screeningMonitoringWorkflowId(runId: string): string {
  return `screening-monitoring-${runId}`;
}
