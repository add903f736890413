/**
 * Several screenings in one workflow (POST /v1/screenings/batch, and single screenings the API
 * started together): matched in chunks of MATCH_CHUNK_SIZE, every chunk's results stored with their
 * events in one transaction. One chunk runs as a local activity where the workflow runs; since
 * SCREENING_BATCH_CHUNK_ACTIVITIES_PATCH more chunks run as activities, CHUNKS_IN_FLIGHT at once,
 * taken by any process serving the queue, so a large batch is matched on every such process. A
 * chunk that keeps failing is stored failed; the other chunks are unaffected. Returns how many
 * ended in each status.
 */
import { patched } from '@temporalio/workflow';
import { CHUNKS_IN_FLIGHT, MATCH_CHUNK_SIZE, SCREENING_BATCH_CHUNK_ACTIVITIES_PATCH, type ScreeningBatchInput, type ScreeningBatchResult } from './screening.contract.js';
import { addCounts, runScreeningChunk, type StatusCounts } from './screening-run.js';

export async function screeningBatchWorkflow(input: ScreeningBatchInput): Promise<ScreeningBatchResult> {
  const statuses: StatusCounts = {};
  const chunks: string[][] = [];
  for (let i = 0; i < input.screeningIds.length; i += MATCH_CHUNK_SIZE) chunks.push(input.screeningIds.slice(i, i + MATCH_CHUNK_SIZE));
  // (Asked only of a workflow of several chunks: the grouped starts of single screenings, one chunk,
  // keep their history as it was.)
  if (chunks.length > 1 && patched(SCREENING_BATCH_CHUNK_ACTIVITIES_PATCH)) {
    let next = 0;
    const lane = async () => {
      while (next < chunks.length) {
        const chunk = chunks[next] as string[];
        next += 1;
        addCounts(statuses, await runScreeningChunk(input.environment, chunk, { anyProcess: true }));
      }
    };
    await Promise.all(Array.from({ length: Math.min(CHUNKS_IN_FLIGHT, chunks.length) }, lane));
  } else {
    for (const chunk of chunks) addCounts(statuses, await runScreeningChunk(input.environment, chunk));
  }
  return { screenings: input.screeningIds.length, statuses };
}
