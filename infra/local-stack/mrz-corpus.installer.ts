// Installs the pinned PyPI `mrz` (an independent ICAO 9303 zone generator and checker) and
// `pillow` (image rendering) into a cached venv (pinned-venv.ts) and links a launcher of its python
// into .tools/bin. The external MRZ corpus
// (test/identity/processing/fixtures/external/mrz_external_corpus.py) runs on it: card images made
// by other tools than the reader's own test fixtures.
import { ensurePinnedVenv, linkVenvPython } from './pinned-venv.js';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';
import type { ToolVersions } from './tool-versions.js';

/** The launcher's name in .tools/bin: a python with `mrz` and `PIL` importable. */
export const MRZ_CORPUS_PYTHON = 'mrz-corpus-python';

export async function ensureMrzCorpusPython(paths: ToolPaths, versions: ToolVersions): Promise<string> {
  const venv = await ensurePinnedVenv(paths, {
    cacheName: `mrz-corpus-venv-${versions.mrzPy}-pillow${versions.pillow}`,
    label: `mrz ${versions.mrzPy} and pillow ${versions.pillow}`,
    requirements: [`mrz==${versions.mrzPy}`, `pillow==${versions.pillow}`],
    verify: async (_venv, python) => {
      await runChecked(python, ['-c', 'import mrz.generator.td1, mrz.checker.td1, PIL.Image, PIL.ImageFont; PIL.ImageFont.core.freetype2_version']);
    },
  });
  return linkVenvPython(paths, venv, MRZ_CORPUS_PYTHON);
}
