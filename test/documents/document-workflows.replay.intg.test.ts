/**
 * Replays recorded histories of the generic document workflows (the upload watch with a generic
 * document, a processed and a failed analysis run) against the current workflow code, so a change
 * that would break running workflows fails here and needs `patched()`.
 */
import { Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { workflowBundle } from '../support/test-worker.js';
import { recordedHistories } from './support/workflow-histories.js';

const histories = recordedHistories();

describe('generic document workflows replay their recorded histories', () => {
  it('has histories of the upload watch and of processed and failed analyses', () => {
    expect(histories.map((h) => h.name)).toEqual(['document-analysis.failed', 'document-analysis.processed', 'document-upload.generic-processed']);
  });

  it.each(histories.map((h) => [h.name, h] as const))('%s', async (name, { history }) => {
    await expect(Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, name)).resolves.toBeUndefined();
  });
});
