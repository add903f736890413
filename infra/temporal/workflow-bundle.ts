/**
 * The workflow bundle a long-running worker loads, built in a child process: bundling in the
 * worker itself leaves about 150 MB of webpack's memory in its heap for good. The child writes the
 * bundle into a folder of its own under the system temporary folder; this process reads it and
 * removes the folder at once, so nothing is left behind however the process later ends (a worker
 * killed with SIGKILL or by the OOM killer used to leave its 1 MB bundle file in /tmp for good).
 * The SDK keeps the code in memory (`workflowBundle: { code }`) and never reads a file again.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { WorkflowBundle } from '@temporalio/worker';
import { siblingModule } from '../local-stack/tool-paths.js';

const run = promisify(execFile);

/**
 * The workflows' entry, of the same code as this process: the TypeScript source under tsx, the
 * compiled build's copy in a compiled program (so a worker restarted after an edit bundles the
 * workflows its activities were built with).
 */
export const WORKFLOWS_INDEX = siblingModule(import.meta.url, '../../workflows/index');

/** Bundles `workflowsPath` in a child process; returns the bundle's code (for `workflowBundle`). */
export async function bundleWorkflows(workflowsPath: string): Promise<WorkflowBundle> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clearwatch-workflows-'));
  try {
    const outFile = path.join(dir, 'workflows.js');
    const main = siblingModule(import.meta.url, './workflow-bundle.main');
    // The same Node with the same loader flags (tsx, or none for compiled code) as this process.
    await run(process.execPath, [...process.execArgv, main, workflowsPath, outFile], { maxBuffer: 16 * 1024 * 1024 });
    return { code: await readFile(outFile, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
