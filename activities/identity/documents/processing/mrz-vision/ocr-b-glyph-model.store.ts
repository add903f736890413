// Where the OCR-B glyph model lives and how a process gets it: built once per machine into the
// machine cache (<cache>/mrz-ocr-b-glyphs/<key>/, key = builder version + font files + renderer
// version; see infra/local-stack/mrz-glyph-model.installer.ts and the Dockerfile, which build it
// ahead of time), then loaded once per process. A missing model is built on first use (a few
// seconds), written under a temporary name and renamed, so concurrent builders never see half a
// file.

import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { toolPaths } from '../../../../../infra/local-stack/tool-paths.js';
import { buildGlyphModel, glyphModelKey, glyphModelSources, type GlyphModelKind } from './ocr-b-glyph-model.builder.js';
import { parseGlyphModel, serialiseGlyphModel, type GlyphModel } from './ocr-b-glyph.model.js';

export interface StoredGlyphModel {
  model: GlyphModel;
  file: string;
  /** Whether this call built it (false: read from the cache). */
  built: boolean;
}

export function glyphModelDirectory(cacheDir: string = toolPaths().cacheDir, kind: GlyphModelKind = 'ocr-b'): string {
  return path.join(cacheDir, kind === 'ocr-b' ? 'mrz-ocr-b-glyphs' : 'mrz-monospace-glyphs');
}

/** The cached model for the installed fonts and renderer, built first if missing. */
export async function loadOrBuildGlyphModel(cacheDir?: string, kind: GlyphModelKind = 'ocr-b'): Promise<StoredGlyphModel> {
  const sources = await glyphModelSources(kind);
  const dir = path.join(glyphModelDirectory(cacheDir, kind), await glyphModelKey(sources));
  const file = path.join(dir, 'model.json');
  try {
    return { model: parseGlyphModel(await readFile(file, 'utf8')), file, built: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const model = await buildGlyphModel(sources, { skipUnlocatedSheets: kind === 'monospace' });
  await mkdir(dir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, serialiseGlyphModel(model));
  await writeFile(path.join(dir, 'provenance.json'), `${JSON.stringify(model.provenance, null, 2)}\n`);
  await rename(temporary, file);
  return { model, file, built: true };
}

const loaded = new Map<GlyphModelKind, Promise<GlyphModel>>();

/** The model, loaded (or built) once per process. */
export function glyphModel(kind: GlyphModelKind = 'ocr-b'): Promise<GlyphModel> {
  let model = loaded.get(kind);
  if (!model) {
    model = loadOrBuildGlyphModel(undefined, kind).then((stored) => stored.model);
    loaded.set(kind, model);
    // A failed load is retried by the next caller rather than cached.
    model.catch(() => loaded.delete(kind));
  }
  return model;
}
