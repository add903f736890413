// The compiled programs (infra/build/program-build.ts): what the build makes and reuses, that a
// broken source fails it without leaving a build behind, and that compiled code finds what it
// finds from source (the repository root, the workflows the Temporal bundler reads, the glyph
// model key the installed model is filed under, the PDF reader's child process). The fault and
// durability suites run the API and the worker compiled, end to end.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrograms, compiledEntry } from '../../infra/build/program-build.js';
import { ENTRIES, nodeFlags, programArgs, type EntryName } from '../../infra/local-stack/node-entry.js';
import { BUILD_COMPLETE_MARKER, BUILD_DIR_NAME, sourceDirOf, toolPaths } from '../../infra/local-stack/tool-paths.js';
import { WORKFLOWS_INDEX } from '../../infra/temporal/workflow-bundle.js';
import { glyphModelKey, glyphModelSources } from '../../activities/identity/documents/processing/mrz-vision/ocr-b-glyph-model.builder.js';
import { onePagePdf } from '../documents/hostile/hostile-pdf.builder.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const scratch: string[] = [];

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** A small project: a tsconfig and two program folders, one module importing another. */
async function tinyProject(): Promise<string> {
  const dir = await tempDir('clearwatch-build-');
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2023', module: 'NodeNext', strict: true } }));
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  await mkdir(path.join(dir, 'api'), { recursive: true });
  await mkdir(path.join(dir, 'infra/db/migrations'), { recursive: true });
  await writeFile(path.join(dir, 'api/main.ts'), "import { greet } from '../infra/greeting.js';\nclass Box { constructor(readonly value: number) {} }\nconsole.log(greet(new Box(41).value + 1));\n");
  await writeFile(path.join(dir, 'infra/greeting.ts'), 'export const greet = (n: number): string => `answer ${n}`;\n');
  await writeFile(path.join(dir, 'infra/db/migrations/2026-01-01T0000-first.ts'), 'export async function up(): Promise<void> {}\n');
  await writeFile(path.join(dir, 'api/main.test.ts'), 'throw new Error("tests are not compiled");\n');
  return dir;
}

afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('buildPrograms', () => {
  it('compiles every program file with the repository layout, runs it, and reuses the build of the same code', async () => {
    const project = await tinyProject();
    const first = await buildPrograms(project);
    expect(first.compiled).toBe(true);
    expect(path.dirname(first.dir)).toBe(path.join(project, BUILD_DIR_NAME));
    expect(existsSync(path.join(first.dir, 'infra/db/migrations/2026-01-01T0000-first.js'))).toBe(true);
    expect(existsSync(path.join(first.dir, 'api/main.test.js'))).toBe(false);
    const { stdout } = await run(process.execPath, [compiledEntry(first.dir, 'api/main.ts')], { cwd: project });
    expect(stdout.trim()).toBe('answer 42');

    const again = await buildPrograms(project);
    expect(again).toEqual({ dir: first.dir, compiled: false });

    await writeFile(path.join(project, 'infra/greeting.ts'), 'export const greet = (n: number): string => `reply ${n}`;\n');
    const changed = await buildPrograms(project);
    expect(changed.compiled).toBe(true);
    expect(changed.dir).not.toBe(first.dir);
    expect((await run(process.execPath, [compiledEntry(changed.dir, 'api/main.ts')], { cwd: project })).stdout.trim()).toBe('reply 42');
  });

  it('lets concurrent builds of the same code all succeed with one result', async () => {
    const project = await tinyProject();
    const builds = await Promise.all([buildPrograms(project), buildPrograms(project), buildPrograms(project)]);
    expect(new Set(builds.map((b) => b.dir)).size).toBe(1);
    expect(await readdir(path.join(project, BUILD_DIR_NAME))).toEqual([path.basename(builds[0]!.dir)]);
  });

  it('fails on a source that does not compile, naming the error, and leaves no build behind', async () => {
    const project = await tinyProject();
    await writeFile(path.join(project, 'infra/greeting.ts'), 'export const greet = (n: number => n;\n');
    await expect(buildPrograms(project)).rejects.toThrow(/program build failed: .+/);
    expect(existsSync(path.join(project, BUILD_DIR_NAME)) ? await readdir(path.join(project, BUILD_DIR_NAME)) : []).toEqual([]);
  });

  it('removes builds unused for a day, but not one a running process was started from, and marks a reused build as used', async () => {
    const project = await tinyProject();
    const builds = path.join(project, BUILD_DIR_NAME);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    const current = await buildPrograms(project);
    await utimes(current.dir, twoDaysAgo, twoDaysAgo);
    expect((await buildPrograms(project)).compiled).toBe(false);
    expect((await stat(current.dir)).mtimeMs).toBeGreaterThan(Date.now() - 60_000);

    for (const name of ['unused', 'running']) {
      await mkdir(path.join(builds, name, 'api'), { recursive: true });
      await writeFile(path.join(builds, name, 'api/main.js'), 'setInterval(() => {}, 1000);\n');
      await utimes(path.join(builds, name), twoDaysAgo, twoDaysAgo);
    }
    const running = spawn(process.execPath, [path.join(builds, 'running/api/main.js')], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => running.once('spawn', resolve));
      await writeFile(path.join(project, 'infra/greeting.ts'), 'export const greet = (n: number): string => `hello ${n}`;\n');
      const next = await buildPrograms(project);
      expect(next.compiled).toBe(true);
      expect((await readdir(builds)).sort()).toEqual([path.basename(current.dir), path.basename(next.dir), 'running'].sort());
    } finally {
      running.kill('SIGKILL');
    }
  });

  it('refuses a fixed folder that is not directly under .build (compiled code could not find its sources)', async () => {
    const project = await tinyProject();
    await expect(buildPrograms(project, { outDir: 'dist' })).rejects.toThrow(/directly under/);
    await expect(buildPrograms(project, { outDir: '.build/a/b' })).rejects.toThrow(/directly under/);
    expect(existsSync(path.join(project, 'dist'))).toBe(false);
  });

  it('compiles into a fixed folder when asked (the image), replacing what was there', async () => {
    const project = await tinyProject();
    const out = path.join(project, BUILD_DIR_NAME, 'image');
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, 'stale.js'), '');
    const built = await buildPrograms(project, { outDir: out });
    expect(built).toEqual({ dir: out, compiled: true });
    expect(existsSync(path.join(out, 'stale.js'))).toBe(false);
    expect(existsSync(compiledEntry(out, 'api/main.ts'))).toBe(true);
  });
});

describe('paths in compiled code', () => {
  it('sourceDirOf maps a folder of a finished build to its source folder and leaves others alone', async () => {
    const app = await tempDir('clearwatch-app-');
    for (const key of ['0123abcd', 'image']) {
      await mkdir(path.join(app, BUILD_DIR_NAME, key), { recursive: true });
      await writeFile(path.join(app, BUILD_DIR_NAME, key, BUILD_COMPLETE_MARKER), '');
    }
    expect(sourceDirOf(path.join(app, '.build/0123abcd/activities/x'))).toBe(path.join(app, 'activities/x'));
    expect(sourceDirOf(path.join(app, '.build/image/infra/local-stack'))).toBe(path.join(app, 'infra/local-stack'));
    expect(sourceDirOf(path.join(app, 'activities/x'))).toBe(path.join(app, 'activities/x'));
    // A checkout that lies under a folder named .build (no finished build there) is its own source.
    expect(sourceDirOf(path.join(app, '.build/checkout/activities/x'))).toBe(path.join(app, '.build/checkout/activities/x'));
  });

  it('programArgs runs a program compiled when given a build, through tsx otherwise or when its entry is overridden', () => {
    const build = '/srv/app/.build/0123abcd';
    expect(programArgs('/srv/app', 'api', ['--x'], build, {})).toEqual([...nodeFlags('api'), `${build}/api/main.js`, '--x']);
    expect(programArgs('/srv/app', 'worker', [], undefined, {}).slice(-3)).toEqual(['--import', 'tsx', '/srv/app/worker/main.ts']);
    expect(programArgs('/srv/app', 'worker', [], build, { CLEARWATCH_ENTRY_WORKER: 'test/stand-in.ts' }).slice(-3)).toEqual(['--import', 'tsx', '/srv/app/test/stand-in.ts']);
  });

  describe('the repository compiled', () => {
    let buildDir: string;
    let probeOutput: Record<string, unknown>;

    beforeAll(async () => {
      buildDir = (await buildPrograms(root)).dir;
      for (const name of Object.keys(ENTRIES) as EntryName[]) expect(existsSync(compiledEntry(buildDir, ENTRIES[name])), name).toBe(true);
      const dir = await tempDir('clearwatch-build-probe-');
      const pdf = path.join(dir, 'one-page.pdf');
      await writeFile(pdf, onePagePdf());
      const probe = path.join(dir, 'probe.mjs');
      // The probe's temporary folder (TMPDIR): the workflow bundle's own folder is made here, and is gone again afterwards.
      const bundleTmp = path.join(dir, 'bundle-tmp');
      await mkdir(bundleTmp);
      const url = (file: string) => JSON.stringify(new URL(`file://${path.join(buildDir, file)}`).href);
      await writeFile(probe, [
        `const { toolPaths } = await import(${url('infra/local-stack/tool-paths.js')});`,
        `const { WORKFLOWS_INDEX, bundleWorkflows } = await import(${url('infra/temporal/workflow-bundle.js')});`,
        `const glyphs = await import(${url('activities/identity/documents/processing/mrz-vision/ocr-b-glyph-model.builder.js')});`,
        `const { readPdfLayers } = await import(${url('activities/documents/analysis/text/pdf-layers.reader.js')});`,
        `const { readFile, readdir } = await import('node:fs/promises');`,
        `const bundle = await bundleWorkflows(WORKFLOWS_INDEX);`,
        `const leftAfterBundle = await readdir(${JSON.stringify(bundleTmp)});`,
        `const failedBundle = await bundleWorkflows(${JSON.stringify(path.join(dir, 'no-such-workflows.js'))}).then(() => 'bundled', (e) => e.message);`,
        `const leftAfterFailure = await readdir(${JSON.stringify(bundleTmp)});`,
        `const layers = await readPdfLayers(new Uint8Array(await readFile(${JSON.stringify(pdf)})), { maxPages: 5, maxImagePixels: 1e8, includeAnnotations: false });`,
        `console.log(JSON.stringify({ root: toolPaths({}).root, workflows: WORKFLOWS_INDEX, glyphKey: await glyphs.glyphModelKey(await glyphs.glyphModelSources()), pages: layers.numPages, bundle: { batchWorkflow: bundle.code.includes('screeningBatchWorkflow'), sourceMap: bundle.code.includes('//# sourceMappingURL=data:application/json;'), leftAfterBundle, failedBundle, leftAfterFailure } }));`,
        `process.exit(0);`,
      ].join('\n'));
      // Plain Node, no loader: only compiled code can run here.
      const { stdout } = await run(process.execPath, [probe], { cwd: os.tmpdir(), timeout: 120_000, env: { ...process.env, TMPDIR: bundleTmp } });
      probeOutput = JSON.parse(stdout.trim().split('\n').at(-1) as string) as Record<string, unknown>;
    }, 180_000);

    it('finds the repository root without CLEARWATCH_ROOT, as the source does', () => {
      expect(probeOutput.root).toBe(toolPaths({}).root);
      expect(probeOutput.root).toBe(root);
    });

    it('hands the Temporal bundler the workflows of its own build (the same code as its activities)', async () => {
      expect(probeOutput.workflows).toBe(path.join(buildDir, 'workflows/index.js'));
      expect(await readFile(probeOutput.workflows as string, 'utf8')).toContain('export');
      expect(WORKFLOWS_INDEX).toBe(path.join(root, 'workflows/index.ts'));
    });

    it('files the glyph model under the key the source computes (the installed model is found)', async () => {
      expect(probeOutput.glyphKey).toBe(await glyphModelKey(await glyphModelSources()));
    });

    it("runs the PDF reader's child process from compiled code", () => {
      expect(probeOutput.pages).toBe(1);
    });

    it('bundles the workflows in a child process and hands them over as code, leaving no file behind (nor after a failure)', () => {
      // A worker later killed (SIGKILL, the OOM killer) used to leave its bundle file in the temporary folder.
      expect(probeOutput.bundle).toEqual({ batchWorkflow: true, sourceMap: true, leftAfterBundle: [], failedBundle: expect.stringMatching(/Command failed/), leftAfterFailure: [] });
    });
  });
});
