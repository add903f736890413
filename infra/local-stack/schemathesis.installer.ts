// Installs the pinned PyPI `schemathesis` (property-based API testing from the OpenAPI document;
// `npm test` fuzzes the API with it) into a venv kept in the machine cache, keyed by its version,
// and links its CLI into .tools/bin, the way the Temporal tools are installed.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { linkInto } from './tool-links.js';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';
import type { ToolVersions } from './tool-versions.js';

const COMPLETE_MARKER = '.clearwatch-complete';

export async function ensureSchemathesis(paths: ToolPaths, versions: ToolVersions): Promise<string> {
  const cached = path.join(paths.cacheDir, `schemathesis-venv-${versions.schemathesis}`);
  if (!existsSync(path.join(cached, COMPLETE_MARKER))) {
    console.error(`[tools] installing schemathesis ${versions.schemathesis} from PyPI`);
    mkdirSync(paths.cacheDir, { recursive: true });
    // Build beside the final place and rename, so an interrupted install never looks complete.
    // (Console scripts hold the venv's path in their shebang; they are run through the venv's
    // python below, so the rename does not matter.)
    const staging = `${cached}.partial-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    const python = process.env.PYTHON ?? 'python3';
    await runChecked(python, ['-m', 'venv', staging]);
    await runChecked(path.join(staging, 'bin/python'), [
      '-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-cache-dir', `schemathesis==${versions.schemathesis}`,
    ], { echo: true });
    await runChecked(path.join(staging, 'bin/python'), ['-m', 'schemathesis.cli', '--version']);
    writeFileSync(path.join(staging, COMPLETE_MARKER), `${new Date().toISOString()}\n`);
    rmSync(cached, { recursive: true, force: true });
    renameSync(staging, cached);
  }
  // A small launcher: the venv's python running the CLI module, valid wherever the venv lives.
  const launcher = path.join(cached, 'clearwatch-schemathesis');
  if (!existsSync(launcher)) {
    writeFileSync(launcher, `#!/bin/sh\nexec "$(dirname "$(readlink -f "$0")")/bin/python" -m schemathesis.cli "$@"\n`, { mode: 0o755 });
  }
  return linkInto(path.join(paths.binDir, 'schemathesis'), launcher);
}
