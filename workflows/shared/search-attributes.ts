/**
 * Typed search attributes that let an operator find a resource's workflow in the Temporal UI:
 * `ResourceType = "screening" AND ResourceId = "<uuid>"`, filtered by `Environment`.
 * Imported by workflows and by the API; registered on the namespace by infra/temporal.
 */
import { defineSearchAttributeKey, SearchAttributeType, type SearchAttributePair } from '@temporalio/common';

export const RESOURCE_TYPE = defineSearchAttributeKey('ResourceType', SearchAttributeType.KEYWORD);
export const RESOURCE_ID = defineSearchAttributeKey('ResourceId', SearchAttributeType.KEYWORD);
export const ENVIRONMENT = defineSearchAttributeKey('Environment', SearchAttributeType.KEYWORD);

/** A user workflow's id and deployed version on its executions' interpreter workflows (keywords: `WorkflowDefinitionVersion = "3"`). */
export const WORKFLOW_DEFINITION_ID = defineSearchAttributeKey('WorkflowDefinitionId', SearchAttributeType.KEYWORD);
export const WORKFLOW_DEFINITION_VERSION = defineSearchAttributeKey('WorkflowDefinitionVersion', SearchAttributeType.KEYWORD);

export const SEARCH_ATTRIBUTE_KEYS = [RESOURCE_TYPE, RESOURCE_ID, ENVIRONMENT, WORKFLOW_DEFINITION_ID, WORKFLOW_DEFINITION_VERSION];

export function resourceSearchAttributes(resourceType: string, resourceId: string, environment: string): SearchAttributePair[] {
  return [
    { key: RESOURCE_TYPE, value: resourceType },
    { key: RESOURCE_ID, value: resourceId },
    { key: ENVIRONMENT, value: environment },
  ];
}
