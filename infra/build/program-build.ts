/**
 * The long-running programs (API, worker) run as JavaScript compiled ahead of start, not through
 * tsx: the TypeScript loader and the source maps it registers cost each process about 50–60 MB of
 * resident memory (README, Memory). Every `.ts` file of the program folders is transpiled, one
 * output file per source file, into `.build/<key>/` with the repository's folder layout, so
 * relative imports and paths next to a module (migrations/) keep working. Paths that must point
 * into the source tree (workflow code the Temporal bundler reads, sources a model key is hashed
 * from) go through `sourceDirOf` (infra/local-stack/tool-paths.ts).
 *
 * The key hashes every source file, the tsconfig and the esbuild version, so a build is made once
 * per state of the code and never stale (a file saved during the build makes it again); it is
 * written to a temporary folder and renamed into place, so concurrent starts (a bench beside
 * `npm start`) never see half a build. Builds unused for a day are removed, except those a
 * running process was started from.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, version as esbuildVersion } from 'esbuild';
import { BUILD_COMPLETE_MARKER, BUILD_DIR_NAME } from '../local-stack/tool-paths.js';

/** The container image's build (one build, a known path; the Dockerfile and compose run it). */
export const IMAGE_BUILD_DIR = '.build/image';

/** Folders holding the programs' code (tests, benches and the local stack's runner are not compiled). */
export const PROGRAM_SOURCE_DIRS = ['api', 'activities', 'workflows', 'worker', 'infra', 'cli'] as const;
const EXCLUDED_DIRS = new Set(['node_modules', BUILD_DIR_NAME]);
const OLD_BUILD_MS = 24 * 3600 * 1000;

async function sourceFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!EXCLUDED_DIRS.has(entry.name)) await walk(full);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
        out.push(full);
      }
    }
  }
  for (const dir of PROGRAM_SOURCE_DIRS) if (existsSync(path.join(root, dir))) await walk(path.join(root, dir));
  return out.sort();
}

/** The build key: every source file (path and content), the tsconfig and the compiler's version. */
async function buildKey(root: string, files: readonly string[]): Promise<string> {
  const hash = createHash('sha256').update(`esbuild ${esbuildVersion}\n`);
  hash.update(await readFile(path.join(root, 'tsconfig.json')));
  for (const file of files) hash.update(`\n${path.relative(root, file)}\n`).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

export interface ProgramBuild {
  /** The folder whose layout mirrors the repository's (`<dir>/api/main.js`). */
  dir: string;
  /** Whether this call compiled it (false: an existing build of the same code was reused). */
  compiled: boolean;
}

/**
 * Compiles the programs (or reuses the build of the same code). `outDir` fixes the folder instead
 * of `.build/<key>` (the container image: one build, a known path); it must be a folder directly
 * under `.build/`, where compiled code maps its paths back to the sources (sourceDirOf).
 */
export async function buildPrograms(root: string, options: { outDir?: string } = {}): Promise<ProgramBuild> {
  const buildsDir = path.join(root, BUILD_DIR_NAME);
  const fixed = options.outDir === undefined ? undefined : path.resolve(root, options.outDir);
  if (fixed !== undefined && (path.dirname(fixed) !== buildsDir || path.basename(fixed).startsWith('.'))) {
    throw new Error(`the build folder must be directly under ${buildsDir} (got ${fixed})`);
  }
  for (let attempt = 1; ; attempt += 1) {
    const files = await sourceFiles(root);
    if (files.length === 0) throw new Error(`no program sources under ${root}`);
    const key = await buildKey(root, files);
    const dir = fixed ?? path.join(buildsDir, key);
    if (!fixed && existsSync(path.join(dir, BUILD_COMPLETE_MARKER))) {
      // Marks the build as used now: old builds are removed by age (removeOldBuilds).
      await utimes(dir, new Date(), new Date()).catch(() => undefined);
      return { dir, compiled: false };
    }
    await mkdir(buildsDir, { recursive: true });
    const temporary = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      await compile(root, files, temporary);
      // A file saved while esbuild read the sources would file new code under the old key: the
      // sources must be what was hashed, or the build is made again.
      if ((await buildKey(root, await sourceFiles(root))) !== key) {
        if (attempt >= 3) throw new Error('program build failed: the sources kept changing while they were compiled');
        continue;
      }
      await writeMarker(temporary);
      if (fixed) await rm(dir, { recursive: true, force: true });
      try {
        await rename(temporary, dir);
      } catch (error) {
        // Another start finished the same build first: theirs is identical.
        if (!existsSync(path.join(dir, BUILD_COMPLETE_MARKER))) throw error;
      }
    } finally {
      await rm(temporary, { recursive: true, force: true });
    }
    if (!fixed) await removeOldBuilds(buildsDir, dir);
    return { dir, compiled: true };
  }
}

async function compile(root: string, files: string[], outdir: string): Promise<void> {
  await build({
    entryPoints: files,
    outdir,
    outbase: root,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    tsconfig: path.join(root, 'tsconfig.json'),
    // Maps beside the code for whoever debugs with --enable-source-maps; not loaded by default.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'silent',
  }).catch((error: unknown) => {
    throw new Error(`program build failed: ${buildErrors(error)}`);
  });
}

/** esbuild's errors as `file:line: text`, or the error's message. */
function buildErrors(error: unknown): string {
  const errors = (error as { errors?: Array<{ text: string; location?: { file: string; line: number } | null }> }).errors;
  if (!errors?.length) return error instanceof Error ? error.message : String(error);
  return errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}: ${e.text}` : e.text)).join('; ');
}

async function writeMarker(dir: string): Promise<void> {
  await writeFile(path.join(dir, BUILD_COMPLETE_MARKER), `${new Date().toISOString()}\n`);
}

/**
 * Command lines of the running processes (Linux /proc), or undefined where they cannot be read
 * (then no build counts as unused).
 */
async function commandLines(): Promise<string[] | undefined> {
  const pids = await readdir('/proc').catch(() => undefined);
  if (!pids) return undefined;
  const lines = await Promise.all(pids.filter((p) => /^\d+$/.test(p)).map((p) => readFile(`/proc/${p}/cmdline`, 'utf8').catch(() => '')));
  return lines.map((line) => line.replaceAll('\0', ' '));
}

/**
 * Removes builds (and abandoned temporary folders) untouched for a day, never `keep` and never one
 * a running process was started from (a supervisor restarts a program from the build it started
 * with; a worker forks its PDF reader from it).
 */
async function removeOldBuilds(buildsDir: string, keep: string): Promise<void> {
  const now = Date.now();
  let running: string[] | undefined | null = null;
  for (const name of await readdir(buildsDir).catch(() => [] as string[])) {
    const full = path.join(buildsDir, name);
    if (full === keep) continue;
    const info = await stat(full).catch(() => undefined);
    if (!info || now - info.mtimeMs <= OLD_BUILD_MS) continue;
    if (running === null) running = await commandLines();
    if (running === undefined) return;
    const base = full.replace(/\.tmp-.*$/, '');
    if (running.some((line) => line.includes(`${base}${path.sep}`))) continue;
    await rm(full, { recursive: true, force: true });
  }
}

/** The compiled counterpart of a source entry (`api/main.ts` → `<build>/api/main.js`). */
export function compiledEntry(buildDir: string, sourceEntry: string): string {
  return path.join(buildDir, sourceEntry.replace(/\.ts$/, '.js'));
}
