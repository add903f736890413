/**
 * The workflow bundle a long-running worker loads, built in a child process: bundling in the
 * worker itself leaves about 150 MB of webpack's memory in its heap for good. The file lives in
 * the system temporary folder and is removed when the process exits.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { siblingModule } from '../local-stack/tool-paths.js';

const run = promisify(execFile);

/**
 * The workflows' entry, of the same code as this process: the TypeScript source under tsx, the
 * compiled build's copy in a compiled program (so a worker restarted after an edit bundles the
 * workflows its activities were built with).
 */
export const WORKFLOWS_INDEX = siblingModule(import.meta.url, '../../workflows/index');

/** Bundles `workflowsPath` in a child process; returns the bundle's path (for `workflowBundle: { codePath }`). */
export async function bundleWorkflowsToFile(workflowsPath: string): Promise<string> {
  const outFile = path.join(os.tmpdir(), `clearwatch-workflows-${process.pid}-${randomBytes(4).toString('hex')}.js`);
  const main = siblingModule(import.meta.url, './workflow-bundle.main');
  // The same Node with the same loader flags (tsx, or none for compiled code) as this process.
  await run(process.execPath, [...process.execArgv, main, workflowsPath, outFile], { maxBuffer: 16 * 1024 * 1024 });
  process.once('exit', () => rmSync(outFile, { force: true }));
  return outFile;
}
