// Installs the pinned PyPI `schemathesis` (property-based API testing from the OpenAPI document;
// `npm test` fuzzes the API with it) into a cached venv (pinned-venv.ts) and links a launcher of
// its CLI into .tools/bin.
import { ensurePinnedVenv, linkVenvPython } from './pinned-venv.js';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';
import type { ToolVersions } from './tool-versions.js';

export async function ensureSchemathesis(paths: ToolPaths, versions: ToolVersions): Promise<string> {
  const venv = await ensurePinnedVenv(paths, {
    cacheName: `schemathesis-venv-${versions.schemathesis}`,
    label: `schemathesis ${versions.schemathesis}`,
    requirements: [`schemathesis==${versions.schemathesis}`],
    verify: async (_venv, python) => { await runChecked(python, ['-m', 'schemathesis.cli', '--version']); },
  });
  return linkVenvPython(paths, venv, 'schemathesis', '-m schemathesis.cli');
}
