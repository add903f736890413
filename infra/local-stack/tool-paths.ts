// Where the local stack keeps things: the repository root, the project-local tool folder
// (.tools, symlinks only), the machine-wide cache that survives fresh clones, and .data.
// Also read at run time (the worker finds installed data files here), so it imports nothing
// but Node built-ins and the container image carries it (see .dockerignore).
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ToolPaths {
  root: string;
  toolsDir: string;
  binDir: string;
  cacheDir: string;
  dataDir: string;
  /** The names.csv of the pinned PyPI `nicknames` package (given name ↔ nickname), read by the matcher. */
  nicknamesCsv: string;
}

/** Where compiled programs live: `<root>/.build/<key>/` mirrors the repository (infra/build/program-build.ts). */
export const BUILD_DIR_NAME = '.build';
/** The file a finished build holds (written last, before the build is renamed into place). */
export const BUILD_COMPLETE_MARKER = '.complete';

/**
 * A module beside the calling one, of the caller's own kind: `<stem>.ts` under tsx, `<stem>.js`
 * in a compiled program (infra/build/program-build.ts). `stem` is relative to `moduleUrl`.
 */
export function siblingModule(moduleUrl: string, stem: string): string {
  return fileURLToPath(new URL(`${stem}${path.extname(fileURLToPath(moduleUrl))}`, moduleUrl));
}

/**
 * The source folder of a folder of code: itself, or for compiled code (`<root>/.build/<key>/x`,
 * a finished build: it holds `.complete`) the folder it was compiled from (`<root>/x`). A source
 * tree that merely lies under some folder named `.build` is left as it is.
 */
export function sourceDirOf(dir: string): string {
  const parts = path.resolve(dir).split(path.sep);
  const at = parts.lastIndexOf(BUILD_DIR_NAME);
  if (at < 0 || at + 1 >= parts.length) return path.resolve(dir);
  if (!existsSync(path.join(parts.slice(0, at + 2).join(path.sep) || path.sep, BUILD_COMPLETE_MARKER))) return path.resolve(dir);
  return [...parts.slice(0, at), ...parts.slice(at + 2)].join(path.sep) || path.sep;
}

const here = sourceDirOf(path.dirname(fileURLToPath(import.meta.url)));

export function toolPaths(env: NodeJS.ProcessEnv = process.env): ToolPaths {
  const root = env.CLEARWATCH_ROOT ?? path.resolve(here, '../..');
  const toolsDir = env.CLEARWATCH_TOOLS_DIR ?? path.join(root, '.tools');
  const cacheDir =
    env.CLEARWATCH_CACHE_DIR ?? path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'clearwatch');
  return {
    root,
    toolsDir,
    binDir: path.join(toolsDir, 'bin'),
    cacheDir,
    dataDir: env.CLEARWATCH_DATA_DIR ?? path.join(root, '.data'),
    nicknamesCsv: path.join(toolsDir, 'data', 'nicknames.csv'),
  };
}
