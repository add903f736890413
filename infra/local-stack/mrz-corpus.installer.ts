// Installs the pinned PyPI `mrz` (an independent ICAO 9303 zone generator and checker) and
// `pillow` (image rendering) into a venv kept in the machine cache, keyed by both versions, and
// links a launcher of the venv's python into .tools/bin, the way schemathesis is installed. The
// external MRZ corpus (test/identity/processing/fixtures/external/mrz_external_corpus.py) runs on
// it: card images made by other tools than the reader's own test fixtures.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { linkInto } from './tool-links.js';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';
import type { ToolVersions } from './tool-versions.js';

const COMPLETE_MARKER = '.clearwatch-complete';

/** The launcher's name in .tools/bin: a python with `mrz` and `PIL` importable. */
export const MRZ_CORPUS_PYTHON = 'mrz-corpus-python';

export async function ensureMrzCorpusPython(paths: ToolPaths, versions: ToolVersions): Promise<string> {
  const cached = path.join(paths.cacheDir, `mrz-corpus-venv-${versions.mrzPy}-pillow${versions.pillow}`);
  if (!existsSync(path.join(cached, COMPLETE_MARKER))) {
    console.error(`[tools] installing mrz ${versions.mrzPy} and pillow ${versions.pillow} from PyPI`);
    mkdirSync(paths.cacheDir, { recursive: true });
    // Build beside the final place and rename, so an interrupted install never looks complete.
    const staging = `${cached}.partial-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    const python = process.env.PYTHON ?? 'python3';
    await runChecked(python, ['-m', 'venv', staging]);
    await runChecked(path.join(staging, 'bin/python'), [
      '-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-cache-dir', `mrz==${versions.mrzPy}`, `pillow==${versions.pillow}`,
    ], { echo: true });
    await runChecked(path.join(staging, 'bin/python'), ['-c', 'import mrz.generator.td1, mrz.checker.td1, PIL.Image, PIL.ImageFont; PIL.ImageFont.core.freetype2_version']);
    writeFileSync(path.join(staging, COMPLETE_MARKER), `${new Date().toISOString()}\n`);
    rmSync(cached, { recursive: true, force: true });
    renameSync(staging, cached);
  }
  // A small launcher: the venv's python, valid wherever the venv lives.
  const launcher = path.join(cached, 'clearwatch-mrz-corpus-python');
  if (!existsSync(launcher)) {
    writeFileSync(launcher, `#!/bin/sh\nexec "$(dirname "$(readlink -f "$0")")/bin/python" "$@"\n`, { mode: 0o755 });
  }
  return linkInto(path.join(paths.binDir, MRZ_CORPUS_PYTHON), launcher);
}
