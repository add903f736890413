// Installs the pinned PyPI writers of the external documents corpus (reportlab, fpdf2, pikepdf,
// pypdf and pillow; bench/support/documents-external) into a cached venv (pinned-venv.ts) and links
// a launcher of its python into .tools/bin. Only the benchmark that generates PDFs with other tools
// than the engine's own corpus needs it.
import { ensurePinnedVenv, linkVenvPython } from './pinned-venv.js';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';
import type { ToolVersions } from './tool-versions.js';

export function documentCorpusRequirements(versions: ToolVersions): string[] {
  const v = versions.documentCorpus;
  return [`reportlab==${v.reportlab}`, `fpdf2==${v.fpdf2}`, `pikepdf==${v.pikepdf}`, `pypdf==${v.pypdf}`, `pillow==${v.pillow}`];
}

/** Returns the path of a python that imports the pinned writers. */
export async function ensureDocumentCorpusPython(paths: ToolPaths, versions: ToolVersions): Promise<string> {
  const v = versions.documentCorpus;
  const key = `rl${v.reportlab}-fpdf${v.fpdf2}-pike${v.pikepdf}-pypdf${v.pypdf}-pil${v.pillow}`;
  const venv = await ensurePinnedVenv(paths, {
    cacheName: `document-corpus-venv-${key}`,
    label: `the document corpus writers (${key})`,
    requirements: documentCorpusRequirements(versions),
    verify: async (_venv, python) => { await runChecked(python, ['-c', 'import reportlab, fpdf, pikepdf, pypdf, PIL']); },
  });
  return linkVenvPython(paths, venv, 'document-corpus-python');
}
