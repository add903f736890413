// Installs the pinned PyPI `nicknames` package (a hand-curated, Apache-2.0 table of English given
// names and their nicknames) into a venv kept in the machine cache, keyed by its version, and
// links its names.csv to ToolPaths.nicknamesCsv, where the screening matcher reads it at run time.
// The container image installs the same version in its Dockerfile.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { linkInto } from './tool-links.js';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';
import type { ToolVersions } from './tool-versions.js';

const COMPLETE_MARKER = '.clearwatch-complete';
/** Written at install time: where the package put names.csv inside the venv (the Python version is in the path). */
const CSV_POINTER = '.clearwatch-names-csv';

export async function ensureNicknames(paths: ToolPaths, versions: ToolVersions): Promise<string> {
  const cached = path.join(paths.cacheDir, `nicknames-venv-${versions.nicknames}`);
  if (!existsSync(path.join(cached, COMPLETE_MARKER))) {
    console.error(`[tools] installing nicknames ${versions.nicknames} from PyPI`);
    mkdirSync(paths.cacheDir, { recursive: true });
    // Build beside the final place and rename, so an interrupted install never looks complete.
    const staging = `${cached}.partial-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    const python = process.env.PYTHON ?? 'python3';
    await runChecked(python, ['-m', 'venv', staging]);
    const venvPython = path.join(staging, 'bin/python');
    await runChecked(venvPython, [
      '-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-cache-dir', `nicknames==${versions.nicknames}`,
    ], { echo: true });
    // Ask the package itself where its data file is, relative to the venv (which is renamed below).
    const located = await runChecked(venvPython, ['-c', 'import nicknames, pathlib, sys; print(pathlib.Path(nicknames.__file__).parent.joinpath("names.csv").relative_to(sys.prefix))']);
    const relative = located.stdout.trim();
    if (!existsSync(path.join(staging, relative))) throw new Error(`nicknames ${versions.nicknames} has no names.csv at ${relative}`);
    writeFileSync(path.join(staging, CSV_POINTER), `${relative}\n`);
    writeFileSync(path.join(staging, COMPLETE_MARKER), `${new Date().toISOString()}\n`);
    rmSync(cached, { recursive: true, force: true });
    renameSync(staging, cached);
  }
  const csv = path.join(cached, readFileSync(path.join(cached, CSV_POINTER), 'utf8').trim());
  return linkInto(paths.nicknamesCsv, csv);
}
