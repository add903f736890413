/**
 * Replays recorded histories of the screening and list-refresh workflows against the current code,
 * so a change that would break runs already in flight fails here (use `patched()` for such
 * changes). Re-record with RECORD_WORKFLOW_HISTORIES=1 on screening-lists.intg.test.ts,
 * list-refresh.timeskip.intg.test.ts, screening-batch.intg.test.ts and
 * screening-monitoring.intg.test.ts only for a deliberately incompatible change.
 */
import { Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { workflowBundle } from '../../support/test-worker.js';
import { recordedHistory } from '../support/workflow-histories.js';

describe('screening workflow replay', () => {
  it.each([
    ['screening-match-completed', 'processing, matched against the lists, completed'],
    ['screening-no-lists-failed', 'processing, no list loaded, failed with no_lists_loaded'],
    ['list-refresh-mixed-outcomes', 'lists activated after retries, a 404 and a refused address reported, a feed ingested'],
    ['screening-local-run-completed', 'one local activity: index built (processing first), matched, completed'],
    ['screening-batch-partial-failures', 'a batch: matched, no PEP list and no articles failed per item, the others completed'],
    ['screening-monitoring-run', 'a monitoring run: delta, new hit and removal reported'],
  ])('%s: %s', async (name) => {
    const history = recordedHistory(name);
    expect(history.events?.length).toBeGreaterThan(5);
    await expect(Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history)).resolves.toBeUndefined();
  });
});
