/** Every activity of the workflow interpreter (bookkeeping and step work), over injected dependencies. */
import type { ActivityDeps } from '../activity-deps.js';
import { createExecutionProgressActivities } from './execution-progress.activities.js';
import { createDocumentStepActivities } from './steps/document-step.activities.js';
import { createRecordStepActivities } from './steps/record-steps.activities.js';

export function createUserWorkflowActivities(deps: Pick<ActivityDeps, 'db' | 'clock'>) {
  return {
    ...createExecutionProgressActivities(deps),
    ...createRecordStepActivities(deps),
    ...createDocumentStepActivities(deps),
  };
}
