/**
 * The workflow state machine: draft → active ⇄ paused, and any state but archived → archived
 * (final). Activation needs a deployed version (an active workflow must be executable). Only an
 * active workflow starts executions; pausing or archiving never stops running ones. Pure.
 */
import type { WorkflowState } from '../../infra/db/tables/user-workflows.table.js';

export const WORKFLOW_STATES = ['draft', 'active', 'paused', 'archived'] as const satisfies readonly WorkflowState[];

const ALLOWED: Record<WorkflowState, readonly WorkflowState[]> = {
  draft: ['active', 'archived'],
  active: ['paused', 'archived'],
  paused: ['active', 'archived'],
  archived: [],
};

export type StateChangeVerdict =
  | { ok: true; change: boolean }
  | { ok: false; code: 'invalid_state_transition' | 'workflow_not_deployed'; detail: string };

export function checkStateChange(from: WorkflowState, to: WorkflowState, hasDeployedVersion: boolean): StateChangeVerdict {
  if (from === to) return { ok: true, change: false };
  if (!ALLOWED[from].includes(to)) {
    const allowed = ALLOWED[from];
    return { ok: false, code: 'invalid_state_transition', detail: `a ${from} workflow cannot become ${to}${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ' (archived is final)'}` };
  }
  if (to === 'active' && !hasDeployedVersion) return { ok: false, code: 'workflow_not_deployed', detail: 'deploy the workflow (POST /v1/workflows/{id}/deploy) before activating it' };
  return { ok: true, change: true };
}

/** The event a state change records. */
export function stateEvent(to: WorkflowState): 'activated' | 'paused' | 'archived' {
  if (to === 'active') return 'activated';
  if (to === 'paused') return 'paused';
  return 'archived';
}
