/**
 * Recorded interpreter and website-check histories for replay tests. With
 * RECORD_WORKFLOW_HISTORIES=1 the end-to-end tests save the histories of chosen runs to
 * test/workflows/fixtures/histories; the replay test replays every one against the current code.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
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

export function recordedHistoryNames(): string[] {
  return readdirSync(directory).filter((f) => f.endsWith('.history.bin')).map((f) => f.replace(/\.history\.bin$/, '')).sort();
}

export function recordedHistory(name: string): temporal.api.history.v1.History {
  return temporal.api.history.v1.History.decode(readFileSync(`${directory}${name}.history.bin`));
}
