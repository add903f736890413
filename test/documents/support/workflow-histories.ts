/**
 * Recorded histories of the generic document workflows. With RECORD_WORKFLOW_HISTORIES=1 the
 * document API tests save the histories of chosen runs to test/documents/fixtures/histories; the
 * replay test replays them against the current workflow code.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

export function recordedHistories(): { name: string; history: temporal.api.history.v1.History }[] {
  return readdirSync(directory).filter((f) => f.endsWith('.history.bin')).sort().map((f) => ({
    name: f.replace(/\.history\.bin$/, ''),
    history: temporal.api.history.v1.History.decode(readFileSync(`${directory}${f}`)),
  }));
}
