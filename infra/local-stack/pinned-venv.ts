// One way to install pinned PyPI packages for the project's own use: a venv in the machine cache,
// named by what it holds (a key that changes with every pin), built beside its final place and
// renamed once verified, so an interrupted install never looks complete. Every Python tool the
// project installs (Temporal, schemathesis, nicknames, the external evaluation generators) goes
// through here; each installer says only what to install and how to check it.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { linkInto } from './tool-links.js';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';

const COMPLETE_MARKER = '.clearwatch-complete';

export interface PinnedVenvSpec {
  /** The venv's folder name in the machine cache; must change whenever a pin changes. */
  cacheName: string;
  /** What is installed, for the log line. */
  label: string;
  /** `name==version` for each package. */
  requirements: string[];
  /** Install without dependencies (every dependency is then pinned in `requirements`); `pip check` proves none is missing. */
  noDeps?: boolean;
  /** Checks the staged venv before it is marked complete; may write files into it. Gets the venv folder and its python. */
  verify(venv: string, python: string): Promise<void>;
}

/** Returns the folder of the complete venv, installing it first if needed. */
export async function ensurePinnedVenv(paths: ToolPaths, spec: PinnedVenvSpec): Promise<string> {
  const cached = path.join(paths.cacheDir, spec.cacheName);
  if (existsSync(path.join(cached, COMPLETE_MARKER))) return cached;
  console.error(`[tools] installing ${spec.label} from PyPI`);
  mkdirSync(paths.cacheDir, { recursive: true });
  // Console scripts hold the venv's path in their shebang; installers run the venv's python by path
  // (or through a launcher), so the rename does not matter.
  const staging = `${cached}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  await runChecked(process.env.PYTHON ?? 'python3', ['-m', 'venv', staging]);
  const python = path.join(staging, 'bin/python');
  await runChecked(python, [
    '-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-cache-dir', ...(spec.noDeps ? ['--no-deps'] : []), ...spec.requirements,
  ], { echo: true });
  if (spec.noDeps) await runChecked(python, ['-m', 'pip', 'check', '--disable-pip-version-check']);
  await spec.verify(staging, python);
  writeFileSync(path.join(staging, COMPLETE_MARKER), `${new Date().toISOString()}\n`);
  rmSync(cached, { recursive: true, force: true });
  renameSync(staging, cached);
  return cached;
}

/**
 * Links `.tools/bin/<binName>` to a small launcher inside the venv that runs its python (with
 * `pythonArgs` first, e.g. `-m schemathesis.cli`), valid wherever the venv lives.
 */
export function linkVenvPython(paths: ToolPaths, venv: string, binName: string, pythonArgs = ''): string {
  const launcher = path.join(venv, `clearwatch-${binName}`);
  if (!existsSync(launcher)) {
    const args = pythonArgs ? `${pythonArgs} ` : '';
    writeFileSync(launcher, `#!/bin/sh\nexec "$(dirname "$(readlink -f "$0")")/bin/python" ${args}"$@"\n`, { mode: 0o755 });
  }
  return linkInto(path.join(paths.binDir, binName), launcher);
}
