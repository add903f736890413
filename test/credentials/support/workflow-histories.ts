/**
 * Recorded credential issuance histories for the replay test (binary protobuf, as the screening
 * tests keep theirs). With RECORD_WORKFLOW_HISTORIES=1, credential-issuance-workflow.intg.test.ts
 * saves the histories of its runs to test/credentials/fixtures/histories.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';

const directory = fileURLToPath(new URL('../fixtures/histories/', import.meta.url));

export async function recordHistory(client: Client, workflowId: string, name: string): Promise<void> {
  if (process.env.RECORD_WORKFLOW_HISTORIES !== '1') return;
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  mkdirSync(directory, { recursive: true });
  writeFileSync(`${directory}${name}.history.bin`, temporal.api.history.v1.History.encode(history).finish());
}

export function recordedHistory(name: string): temporal.api.history.v1.History {
  return temporal.api.history.v1.History.decode(readFileSync(`${directory}${name}.history.bin`));
}
