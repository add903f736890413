// Installs the pinned PyPI packages of the external name-variant generator
// (bench/support/names-external/: iuliia, cyrtranslit, Unidecode, transliterate, pypinyin, typo,
// Faker) into a venv kept in the machine cache, keyed by the exact pins, the way nicknames and
// schemathesis are installed. Installed with --no-deps: infra/tools/versions.sh lists every package
// (dependencies included), so nothing floats. Only the screening benchmark and its test use it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';
import type { ToolVersions } from './tool-versions.js';

const COMPLETE_MARKER = '.clearwatch-complete';

/** `name==version` for every pinned package, sorted (also the cache key's input). */
export function namesEvalRequirements(versions: ToolVersions): string[] {
  return Object.entries(versions.namesEval).map(([name, version]) => `${name}==${version}`).sort();
}

export function namesEvalCacheKey(versions: ToolVersions): string {
  return createHash('sha256').update(namesEvalRequirements(versions).join('\n')).digest('hex').slice(0, 16);
}

/** Returns the venv's python, with every pinned package importable. */
export async function ensureNamesEval(paths: ToolPaths, versions: ToolVersions): Promise<string> {
  const cached = path.join(paths.cacheDir, `names-eval-venv-${namesEvalCacheKey(versions)}`);
  if (!existsSync(path.join(cached, COMPLETE_MARKER))) {
    const requirements = namesEvalRequirements(versions);
    console.error(`[tools] installing ${requirements.join(' ')} from PyPI`);
    mkdirSync(paths.cacheDir, { recursive: true });
    // Build beside the final place and rename, so an interrupted install never looks complete.
    // (The venv's python is always run by path, so the rename does not matter.)
    const staging = `${cached}.partial-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    const python = process.env.PYTHON ?? 'python3';
    await runChecked(python, ['-m', 'venv', staging]);
    const venvPython = path.join(staging, 'bin/python');
    await runChecked(venvPython, [
      '-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-cache-dir', '--no-deps', ...requirements,
    ], { echo: true });
    // Fails the install when a pin lacks a dependency (--no-deps would otherwise hide it).
    await runChecked(venvPython, ['-m', 'pip', 'check', '--disable-pip-version-check']);
    await runChecked(venvPython, ['-c', 'import iuliia, cyrtranslit, unidecode, transliterate, pypinyin, typo, faker']);
    writeFileSync(path.join(staging, COMPLETE_MARKER), `${new Date().toISOString()}\n`);
    rmSync(cached, { recursive: true, force: true });
    renameSync(staging, cached);
  }
  return path.join(cached, 'bin/python');
}
