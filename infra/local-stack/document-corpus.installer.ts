// Installs the pinned PyPI writers of the external documents corpus (reportlab, fpdf2, pikepdf,
// pypdf and pillow; bench/support/documents-external) into a venv kept in the machine cache, keyed
// by their versions, and links its python into .tools/bin, the way schemathesis is installed. Only
// the benchmark that generates PDFs with other tools than the engine's own corpus needs it.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { linkInto } from './tool-links.js';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';
import type { ToolVersions } from './tool-versions.js';

const COMPLETE_MARKER = '.clearwatch-complete';

export function documentCorpusRequirements(versions: ToolVersions): string[] {
  const v = versions.documentCorpus;
  return [`reportlab==${v.reportlab}`, `fpdf2==${v.fpdf2}`, `pikepdf==${v.pikepdf}`, `pypdf==${v.pypdf}`, `pillow==${v.pillow}`];
}

/** Returns the path of a python that imports the pinned writers. */
export async function ensureDocumentCorpusPython(paths: ToolPaths, versions: ToolVersions): Promise<string> {
  const v = versions.documentCorpus;
  const key = `rl${v.reportlab}-fpdf${v.fpdf2}-pike${v.pikepdf}-pypdf${v.pypdf}-pil${v.pillow}`;
  const cached = path.join(paths.cacheDir, `document-corpus-venv-${key}`);
  if (!existsSync(path.join(cached, COMPLETE_MARKER))) {
    console.error(`[tools] installing the document corpus writers (${key}) from PyPI`);
    mkdirSync(paths.cacheDir, { recursive: true });
    // Build beside the final place and rename, so an interrupted install never looks complete.
    // (Console scripts hold the venv's path in their shebang; only the venv's python is used, so
    // the rename does not matter.)
    const staging = `${cached}.partial-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    const python = process.env.PYTHON ?? 'python3';
    await runChecked(python, ['-m', 'venv', staging]);
    await runChecked(path.join(staging, 'bin/python'), [
      '-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-cache-dir', ...documentCorpusRequirements(versions),
    ], { echo: true });
    await runChecked(path.join(staging, 'bin/python'), ['-c', 'import reportlab, fpdf, pikepdf, pypdf, PIL']);
    writeFileSync(path.join(staging, COMPLETE_MARKER), `${new Date().toISOString()}\n`);
    rmSync(cached, { recursive: true, force: true });
    renameSync(staging, cached);
  }
  // A small launcher: the venv's python, valid wherever the venv lives.
  const launcher = path.join(cached, 'clearwatch-document-corpus-python');
  if (!existsSync(launcher)) {
    writeFileSync(launcher, `#!/bin/sh\nexec "$(dirname "$(readlink -f "$0")")/bin/python" "$@"\n`, { mode: 0o755 });
  }
  return linkInto(path.join(paths.binDir, 'document-corpus-python'), launcher);
}
