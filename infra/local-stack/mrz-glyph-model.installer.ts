// Builds the glyph models the identity document reader uses (OCR-B, other monospaced typefaces) into the machine cache (once per
// machine and font/renderer version; a few seconds), by running the builder's own entry script
// in a child process: infra does not import feature code.
import path from 'node:path';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';

export const GLYPH_MODEL_ENTRY = 'activities/identity/documents/processing/mrz-vision/build-ocr-b-glyph-model.main.ts';

export async function ensureMrzGlyphModel(paths: ToolPaths): Promise<void> {
  const result = await runChecked(process.execPath, ['--import', 'tsx', path.join(paths.root, GLYPH_MODEL_ENTRY)], {
    env: { ...process.env, CLEARWATCH_CACHE_DIR: paths.cacheDir },
    cwd: paths.root,
  });
  // Say so only when it was built now, not on every run.
  if (result.stderr.includes(' built in ')) console.error(result.stderr.trim());
}
