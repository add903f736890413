// Builds the OCR-B and the other-monospace glyph models into the machine cache if it is not there yet, and prints where it
// is and where it came from. `--verify` rebuilds it in memory and checks the cached file is the
// same byte for byte (the build is deterministic for a given font file and ImageMagick).
//   bash infra/tools/run.sh activities/identity/documents/processing/mrz-vision/build-ocr-b-glyph-model.main.ts [--verify]
// The local stack's tool installer and the Dockerfile run it, so processes find the model ready.

import { readFile } from 'node:fs/promises';
import { buildGlyphModel, glyphModelSources } from './ocr-b-glyph-model.builder.js';
import { serialiseGlyphModel } from './ocr-b-glyph.model.js';
import { loadOrBuildGlyphModel } from './ocr-b-glyph-model.store.js';

const provenance: Record<string, unknown> = {};
for (const kind of ['ocr-b', 'monospace'] as const) {
  const started = performance.now();
  const stored = await loadOrBuildGlyphModel(undefined, kind);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(`[mrz] ${kind} glyph model ${stored.built ? `built in ${seconds} s` : 'already built'}: ${stored.file} (${stored.model.templates.length} reference glyphs)`);
  if (process.argv.includes('--verify')) {
    const rebuilt = serialiseGlyphModel(await buildGlyphModel(await glyphModelSources(kind), { skipUnlocatedSheets: kind === 'monospace' }));
    const cached = await readFile(stored.file, 'utf8');
    if (rebuilt !== cached) {
      console.error(`[mrz] the rebuilt ${kind} model differs from the cached one`);
      process.exit(1);
    }
    console.error(`[mrz] rebuilt ${kind} model is identical to the cached one`);
  }
  provenance[kind] = { file: stored.file, ...stored.model.provenance };
}
console.log(JSON.stringify(provenance, null, 2));
