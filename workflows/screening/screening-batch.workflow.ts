/**
 * Several screenings in one workflow (POST /v1/screenings/batch, and single screenings the API
 * started together): matched in chunks of MATCH_CHUNK_SIZE, one local activity each, every
 * chunk's results stored with their events in one transaction. A chunk that keeps failing is
 * stored failed; the other chunks are unaffected. Returns how many ended in each status.
 */
import { MATCH_CHUNK_SIZE, type ScreeningBatchInput, type ScreeningBatchResult } from './screening.contract.js';
import { addCounts, runScreeningChunk, type StatusCounts } from './screening-run.js';

export async function screeningBatchWorkflow(input: ScreeningBatchInput): Promise<ScreeningBatchResult> {
  const statuses: StatusCounts = {};
  for (let i = 0; i < input.screeningIds.length; i += MATCH_CHUNK_SIZE) {
    addCounts(statuses, await runScreeningChunk(input.environment, input.screeningIds.slice(i, i + MATCH_CHUNK_SIZE)));
  }
  return { screenings: input.screeningIds.length, statuses };
}
