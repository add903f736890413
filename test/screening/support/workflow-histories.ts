/**
 * Recorded workflow histories for replay tests. With RECORD_WORKFLOW_HISTORIES=1 the end-to-end
 * tests save the histories of chosen runs to test/screening/fixtures/histories; the replay test
 * replays them against the current workflow code.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';

const directory = fileURLToPath(new URL('../fixtures/histories/', import.meta.url));

export async function recordHistory(client: Client, workflowId: string, name: string): Promise<void> {
  if (process.env.RECORD_WORKFLOW_HISTORIES !== '1') return;
  const handle = client.workflow.getHandle(workflowId);
  // A record can be stored (and a request answered) before the workflow task that stored it completes.
  await handle.result().catch(() => undefined);
  const history = await handle.fetchHistory();
  mkdirSync(directory, { recursive: true });
  writeFileSync(`${directory}${name}.history.bin`, temporal.api.history.v1.History.encode(history).finish());
}

export function recordedHistory(name: string): temporal.api.history.v1.History {
  return temporal.api.history.v1.History.decode(readFileSync(`${directory}${name}.history.bin`));
}
