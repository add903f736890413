/**
 * The installed nickname table, read once per process from ToolPaths.nicknamesCsv, where
 * infra/local-stack/nicknames.installer.ts (run by `npm start`, `npm test` and infra/tools/run.sh)
 * or the Dockerfile puts the pinned PyPI `nicknames` data. The one file the matcher reads: a
 * missing file fails the index build loudly, since a matcher that silently lost its nickname
 * table would stop finding "Bernie Sanders" under "Bernard Sanders".
 */
import { readFileSync } from 'node:fs';
import { toolPaths } from '../../../infra/local-stack/tool-paths.js';
import { NicknameTable } from './nickname-table.js';

const loaded = new Map<string, NicknameTable>();

export function installedNicknameTable(file = toolPaths().nicknamesCsv): NicknameTable {
  const cached = loaded.get(file);
  if (cached) return cached;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`nickname data not installed at ${file} (run any script through infra/tools/run.sh, or \`npm start\`, to install the pinned PyPI nicknames package): ${(error as Error).message}`);
  }
  const table = NicknameTable.fromCsv(text);
  if (table.size === 0) throw new Error(`nickname data at ${file} holds no has_nickname pairs`);
  loaded.set(file, table);
  return table;
}
