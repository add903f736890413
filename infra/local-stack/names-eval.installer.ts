// Installs the pinned PyPI packages of the external name-variant generator
// (bench/support/names-external/: iuliia, cyrtranslit, Unidecode, transliterate, pypinyin, typo,
// Faker) into a cached venv (pinned-venv.ts) keyed by the exact pins. Installed with --no-deps:
// infra/tools/versions.sh lists every package (dependencies included), so nothing floats, and
// `pip check` fails the install if a dependency is missing. Only the screening benchmark uses it.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { ensurePinnedVenv } from './pinned-venv.js';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';
import type { ToolVersions } from './tool-versions.js';

/** `name==version` for every pinned package, sorted (also the cache key's input). */
export function namesEvalRequirements(versions: ToolVersions): string[] {
  return Object.entries(versions.namesEval).map(([name, version]) => `${name}==${version}`).sort();
}

export function namesEvalCacheKey(versions: ToolVersions): string {
  return createHash('sha256').update(namesEvalRequirements(versions).join('\n')).digest('hex').slice(0, 16);
}

/** Returns the venv's python, with every pinned package importable. */
export async function ensureNamesEval(paths: ToolPaths, versions: ToolVersions): Promise<string> {
  const requirements = namesEvalRequirements(versions);
  const venv = await ensurePinnedVenv(paths, {
    cacheName: `names-eval-venv-${namesEvalCacheKey(versions)}`,
    label: requirements.join(' '),
    requirements,
    noDeps: true,
    verify: async (_venv, python) => { await runChecked(python, ['-c', 'import iuliia, cyrtranslit, unidecode, transliterate, pypinyin, typo, faker']); },
  });
  return path.join(venv, 'bin/python');
}
