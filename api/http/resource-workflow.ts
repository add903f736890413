/**
 * Starts the workflow of a resource: its id derived from the resource, joined when already
 * running, tagged with the ResourceType / ResourceId / Environment search attributes so an
 * operator finds it in the Temporal UI.
 */
import type { Client, WorkflowHandle } from '@temporalio/client';
import { startWorkflowOnce } from '../../infra/temporal/temporal-client.js';
import { resourceSearchAttributes } from '../../workflows/shared/search-attributes.js';

export interface StartResourceWorkflow<A extends unknown[]> {
  workflowType: string;
  args: A;
  taskQueue: string;
  workflowId: string;
  resourceType: string;
  resourceId: string;
  environment: string;
}

export function startResourceWorkflow<A extends unknown[]>(client: Client, start: StartResourceWorkflow<A>): Promise<WorkflowHandle> {
  return startWorkflowOnce(client, {
    workflowType: start.workflowType,
    args: start.args,
    taskQueue: start.taskQueue,
    workflowId: start.workflowId,
    searchAttributes: resourceSearchAttributes(start.resourceType, start.resourceId, start.environment),
  });
}
