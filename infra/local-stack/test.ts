// `npm test`: makes sure the tools the test servers need are installed, then runs vitest with
// the repository's vitest.config.ts (its global setup starts and stops the servers). Extra
// arguments go to vitest. Ends with one plain summary line and vitest's exit code.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureTools } from './tool-installer.js';
import { toolPaths } from './tool-paths.js';

interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const paths = toolPaths();
const started = Date.now();
await ensureTools(paths, { forTests: true });
console.error(`[test] tools ready in ${Date.now() - started} ms`);

const args = process.argv.slice(2);
// A JSON report next to the usual output gives the closing count line, unless the caller
// chose reporters of their own.
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'clearwatch-vitest-'));
const reportFile = path.join(reportDir, 'report.json');
const ownReporters = args.some((arg) => arg.startsWith('--reporter'));
const reporterArgs = ownReporters ? [] : ['--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`];

const vitest = spawn(
  process.execPath,
  [path.join(paths.root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', path.join(paths.root, 'vitest.config.ts'), ...reporterArgs, ...args],
  { cwd: paths.root, stdio: 'inherit' },
);
// Ctrl-C reaches vitest directly (same process group); vitest then tears the servers down.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => vitest.kill('SIGTERM'));

const code = await new Promise<number>((resolve) => {
  vitest.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(`\nvitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
}
rmSync(reportDir, { recursive: true, force: true });
console.error(`[test] finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(code);
