// Installs the pinned PyPI `nicknames` package (a hand-curated, Apache-2.0 table of English given
// names and their nicknames) into a cached venv (pinned-venv.ts) and links its names.csv to
// ToolPaths.nicknamesCsv, where the screening matcher reads it at run time. The container image
// installs the same version in its Dockerfile.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensurePinnedVenv } from './pinned-venv.js';
import { linkInto } from './tool-links.js';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';
import type { ToolVersions } from './tool-versions.js';

/** Written at install time: where the package put names.csv inside the venv (the Python version is in the path). */
const CSV_POINTER = '.clearwatch-names-csv';

export async function ensureNicknames(paths: ToolPaths, versions: ToolVersions): Promise<string> {
  const venv = await ensurePinnedVenv(paths, {
    cacheName: `nicknames-venv-${versions.nicknames}`,
    label: `nicknames ${versions.nicknames}`,
    requirements: [`nicknames==${versions.nicknames}`],
    verify: async (staging, python) => {
      // Ask the package itself where its data file is, relative to the venv (which is renamed after this).
      const located = await runChecked(python, ['-c', 'import nicknames, pathlib, sys; print(pathlib.Path(nicknames.__file__).parent.joinpath("names.csv").relative_to(sys.prefix))']);
      const relative = located.stdout.trim();
      if (!existsSync(path.join(staging, relative))) throw new Error(`nicknames ${versions.nicknames} has no names.csv at ${relative}`);
      writeFileSync(path.join(staging, CSV_POINTER), `${relative}\n`);
    },
  });
  const csv = path.join(venv, readFileSync(path.join(venv, CSV_POINTER), 'utf8').trim());
  return linkInto(paths.nicknamesCsv, csv);
}
