/**
 * Replays recorded histories of the interpreter (one per step type and ending: screening +
 * condition, review, wait + review with a stored decision, cancellation, emit_event, business
 * lookup with and without on_failure, website check, document wait, a failed step) and of the
 * website check workflow against the current code, so a change that would break executions in
 * flight fails here (use `patched()` for such changes). Re-record with RECORD_WORKFLOW_HISTORIES=1
 * on test/workflows/api/workflow-executions.intg.test.ts only for a deliberately incompatible change.
 */
import { Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { workflowBundle } from '../support/test-worker.js';
import { recordedHistory, recordedHistoryNames } from './support/workflow-histories.js';

const names = recordedHistoryNames();

describe('workflow execution replay', () => {
  it('has histories of every step type', () => {
    expect(names).toEqual(expect.arrayContaining([
      'execution.screening-condition-approved', 'execution.review-declined', 'execution.wait-review-approved', 'execution.cancelled',
      'execution.emit-event', 'execution.business-lookup-approved', 'execution.website-check-approved', 'execution.document-processed',
      'execution.step-failed', 'website-check.completed',
    ]));
  });

  it.each(names)('%s', async (name) => {
    const history = recordedHistory(name);
    expect(history.events?.length).toBeGreaterThan(5);
    await expect(Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history)).resolves.toBeUndefined();
  });
});
