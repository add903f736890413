/**
 * Replays recorded histories of the business lookup workflow against the current workflow code,
 * so a change that would break lookups already running fails here (use `patched()` for such
 * changes). Re-record with RECORD_WORKFLOW_HISTORIES=1 on business-lookup.timeskip.intg.test.ts
 * only when a change is meant to be incompatible and no old workflow can still be running.
 */
import { readFileSync } from 'node:fs';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { workflowBundle } from '../../support/test-worker.js';

function recorded(name: string) {
  const bytes = readFileSync(new URL(`../fixtures/histories/${name}.history.bin`, import.meta.url));
  return temporal.api.history.v1.History.decode(bytes);
}

describe('business lookup workflow replay', () => {
  it.each([
    ['slow-registry-completed', 'a registry delay served by a timer, then the record completed'],
    ['retries-exhausted-failed', 'a registry failing every attempt, then the record failed'],
  ])('%s: %s', async (name) => {
    const history = recorded(name);
    expect(history.events?.length).toBeGreaterThan(5);
    await expect(Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history)).resolves.toBeUndefined();
  });
});
