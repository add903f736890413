// Builds the OCR-B glyph model (see ocr-b-glyph.model.ts). ImageMagick renders sheets of
// zone-like line pairs of seeded random MRZ characters in the OCR-B faces of Debian's
// fonts-ocr-b, at several sizes, plain, blurred, thickened and thinned; the sheets then go
// through the very code that reads photos (zone location, cell fitting, cell sampling) and the
// patches of each character and rendering variant are averaged into one reference glyph.
// Deterministic for a given font file and ImageMagick version, which the provenance records.

import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sourceDirOf } from '../../../../../infra/local-stack/tool-paths.js';
import { runCommand, runCommandForBytes } from '../ocr/command.runner.js';
import { grayImage, type GrayImage } from '../image/gray-image.js';
import { parsePnm } from '../image/pnm.parser.js';
import { locateMrzBands } from './mrz-band.locator.js';
import { MRZ_ALPHABET } from './mrz-character-positions.js';
import { PATCH_HEIGHT, PATCH_WIDTH, sampleBandCells } from './mrz-cell.sampler.js';
import { GLYPH_MODEL_FORMAT, type GlyphModel, type GlyphTemplate } from './ocr-b-glyph.model.js';

/** Bump when the rendering or averaging changes, so cached models are rebuilt. */
export const GLYPH_MODEL_BUILDER_VERSION = 1;

/**
 * The source folders whose code shapes the reference glyphs (rendering here, and the locating and
 * sampling code the sheets go through): any change to them makes a new model key.
 */
const SOURCE_DIR = sourceDirOf(import.meta.dirname);
const PIPELINE_SOURCE_DIRS = [SOURCE_DIR, path.join(SOURCE_DIR, '../image')];

export const OCR_B_FONT_DIR = '/usr/share/fonts/opentype/ocr-b';
/** The regular and the "sharp" OCR-B faces; printers' OCR-B lies between them. */
export const OCR_B_FACES = ['OCRB.otf', 'OCRBS.otf'] as const;

/** Character pitch of the renderings, pixels. */
const PITCHES = [12, 16, 22, 30] as const;
/** OCR-B's advance is 0.72 em. */
const OCR_B_ADVANCE_PER_POINT = 0.72;
const PAIRS_PER_SHEET = 6;
const LINE_LENGTH = 44;

interface Degradation {
  name: string;
  /** ImageMagick operators for a sheet rendered at `pitch`. */
  operators: (pitch: number) => string[];
  /** Thinning small print erases it: only from this pitch up. */
  minPitch?: number;
}

const DEGRADATIONS: readonly Degradation[] = [
  { name: 'plain', operators: () => [] },
  { name: 'blurred', operators: (pitch) => ['-blur', `0x${(pitch * 0.07).toFixed(2)}`] },
  // Grayscale erosion spreads the dark ink (heavy print, ink bleed); dilation thins it.
  { name: 'heavy', operators: (pitch) => ['-morphology', 'Erode', `Disk:${Math.max(1, Math.round(pitch / 20))}`, '-blur', '0x0.5'] },
  { name: 'light', operators: (pitch) => ['-blur', `0x${(pitch * 0.03).toFixed(2)}`, '-morphology', 'Dilate', 'Disk:1'], minPitch: 20 },
];

export interface GlyphModelSources {
  fontFiles: string[];
  /** Advance of each face in em (OCR-B: 0.72), measured from the font when left out. */
  advancePerPoint?: Record<string, number>;
  imageMagickVersion: string;
  /** SHA-256 over the pipeline's source files. */
  pipelineSha256: string;
}

/**
 * Reference glyphs of other monospaced typefaces, for zones not printed in OCR-B (made by tools
 * that lack it). Deliberately none of the typefaces of the external test corpus (DejaVu Sans
 * Mono, Liberation Mono, FreeMono; nor Hack or Cousine, drawn from two of them) and none with
 * programming ligatures (which may join `<<`): the corpus measures typefaces the model never saw.
 * Debian packages fonts-noto-mono, fonts-inconsolata, fonts-go, fonts-urw-base35, fonts-anonymous-pro.
 */
export const MONOSPACE_FACES = [
  '/usr/share/fonts/truetype/noto/NotoMono-Regular.ttf',
  '/usr/share/fonts/truetype/inconsolata/Inconsolata.otf',
  '/usr/share/fonts/fonts-go/Go-Mono.ttf',
  '/usr/share/fonts/fonts-go/Go-Mono-Bold.ttf',
  '/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf',
  '/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Bold.otf',
  '/usr/share/fonts/truetype/anonymous-pro/Anonymous Pro.ttf',
  '/usr/share/fonts/truetype/anonymous-pro/Anonymous Pro B.ttf',
] as const;

/** `ocr-b`: the typeface of machine-readable zones; `monospace`: other monospaced typefaces (MONOSPACE_FACES). */
export type GlyphModelKind = 'ocr-b' | 'monospace';

export async function glyphModelSources(kind: GlyphModelKind = 'ocr-b'): Promise<GlyphModelSources> {
  const version = (await runCommand('convert', ['-version'], { timeoutMs: 10_000 })).split('\n')[0]!.trim();
  if (kind === 'monospace') return { fontFiles: [...MONOSPACE_FACES], imageMagickVersion: version, pipelineSha256: await pipelineHash() };
  const fontFiles = OCR_B_FACES.map((f) => `${OCR_B_FONT_DIR}/${f}`);
  return { fontFiles, advancePerPoint: Object.fromEntries(fontFiles.map((f) => [f, OCR_B_ADVANCE_PER_POINT])), imageMagickVersion: version, pipelineSha256: await pipelineHash() };
}

/** A short key naming a model built from these sources by this builder version. */
export async function glyphModelKey(sources: GlyphModelSources): Promise<string> {
  const hash = createHash('sha256').update(`builder ${GLYPH_MODEL_BUILDER_VERSION} format ${GLYPH_MODEL_FORMAT}\n${sources.imageMagickVersion}\n${sources.pipelineSha256}\n`);
  for (const file of sources.fontFiles) hash.update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

async function pipelineHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of PIPELINE_SOURCE_DIRS) {
    const files = (await readdir(dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort();
    for (const file of files) hash.update(`${path.basename(dir)}/${file}\n`).update(await readFile(path.join(dir, file)));
  }
  return hash.digest('hex');
}

export async function buildGlyphModel(
  sources: GlyphModelSources,
  /** skipUnlocatedSheets: a sheet whose zones are not all located is left out (and listed) instead of failing the build. */
  options: { timeoutMs?: number; skipUnlocatedSheets?: boolean } = {},
): Promise<GlyphModel> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const skipped: string[] = [];
  const sums = new Map<string, { char: string; variant: string; sum: Float64Array; count: number }>();
  let seed = 9303;
  for (const fontFile of sources.fontFiles) {
    const advance = sources.advancePerPoint?.[fontFile] ?? (await measuredAdvance(fontFile, timeoutMs));
    for (const pitch of PITCHES) {
      for (const degradation of DEGRADATIONS.filter((d) => pitch >= (d.minPitch ?? 0))) {
        const variant = `${fontFile.split('/').pop()} ${pitch}px ${degradation.name}`;
        const lines = randomLines(PAIRS_PER_SHEET * 2, seed++);
        const sheet = await renderSheet(fontFile, advance, pitch, lines, degradation.operators(pitch), timeoutMs);

        const patches = labelledPatches(sheet, lines);
        if (!patches) {
          if (!options.skipUnlocatedSheets) throw new Error(`glyph model sheet ${variant}: its zones were not all located`);
          skipped.push(variant);
          continue;
        }
        for (const { char, ink } of patches) {
          const key = `${char}\u0000${variant}`;
          const entry = sums.get(key) ?? { char, variant, sum: new Float64Array(ink.length), count: 0 };
          for (let i = 0; i < ink.length; i++) entry.sum[i]! += ink[i]!;
          entry.count++;
          sums.set(key, entry);
        }
      }
    }
  }
  const templates: GlyphTemplate[] = [...sums.values()].map((e) => ({ char: e.char, variant: e.variant, vector: normalisedCore(e.sum, e.count) }));
  return {
    format: GLYPH_MODEL_FORMAT,
    coreWidth: PATCH_WIDTH - 2,
    coreHeight: PATCH_HEIGHT - 2,
    templates,
    provenance: {
      builder_version: GLYPH_MODEL_BUILDER_VERSION,
      builder: 'activities/identity/documents/processing/mrz-vision/ocr-b-glyph-model.builder.ts',
      fonts: await Promise.all(sources.fontFiles.map(async (f) => ({ file: f, sha256: createHash('sha256').update(await readFile(f)).digest('hex') }))),
      font_packages: Object.fromEntries(await Promise.all(fontPackages(sources.fontFiles).map(async (p) => [p, await debianPackageVersion(p)] as const))),
      renderer: sources.imageMagickVersion,
      pipeline_sha256: sources.pipelineSha256,
      pitches_px: PITCHES,
      degradations: DEGRADATIONS.map((d) => d.name),
      pairs_per_sheet: PAIRS_PER_SHEET,
      first_seed: 9303,
      ...(skipped.length > 0 ? { skipped_sheets: skipped } : {}),
    },
  };
}

// Balanced random lines: every character appears about equally often, in varied neighbours.
function randomLines(count: number, seed: number): string[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const pool: string[] = [];
  while (pool.length < count * LINE_LENGTH) pool.push(...MRZ_ALPHABET);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return Array.from({ length: count }, (_, i) => pool.slice(i * LINE_LENGTH, (i + 1) * LINE_LENGTH).join(''));
}

async function renderSheet(fontFile: string, advance: number, pitch: number, lines: readonly string[], degradation: string[], timeoutMs: number): Promise<GrayImage> {
  const pointsize = pitch / advance;
  const capHeight = pointsize * 0.72;
  const margin = Math.round(pitch * 3);
  const lineSpacing = capHeight * 1.75;
  const pairSpacing = lineSpacing * 4;
  const width = Math.round(LINE_LENGTH * pitch + 2 * margin);
  const height = Math.round(margin * 2 + (lines.length / 2) * pairSpacing);
  const draw = lines.flatMap((line, i) => {
    const y = margin + capHeight + Math.floor(i / 2) * pairSpacing + (i % 2) * lineSpacing;
    return ['-annotate', `+${margin}+${y.toFixed(1)}`, line];
  });
  const bytes = await runCommandForBytes(
    'convert',
    ['-size', `${width}x${height}`, 'xc:white', '-font', fontFile, '-pointsize', pointsize.toFixed(2), '-fill', 'black', ...draw, ...degradation, '-colorspace', 'Gray', '-depth', '8', 'pgm:-'],
    { timeoutMs },
  );
  const pnm = parsePnm(bytes);
  return grayImage(pnm.width, pnm.height, pnm.data);
}

// Locates the sheet's zones like a photo's and pairs each upright zone with the lines drawn there.
function labelledPatches(sheet: GrayImage, lines: readonly string[]): { char: string; ink: Float32Array }[] | undefined {
  const bands = locateMrzBands(sheet, { detectionSide: Math.max(sheet.width, sheet.height), sauvolaK: 0.25 })
    .filter((b) => !b.turned && b.cells === LINE_LENGTH)
    .sort((a, b) => a.lines[0]!.centre(0)[1] - b.lines[0]!.centre(0)[1]);
  if (bands.length !== lines.length / 2) return undefined;
  return bands.flatMap((band, pair) =>
    sampleBandCells(sheet, band).flatMap((cells, l) => cells.map((cell, k) => ({ char: lines[pair * 2 + l]![k]!, ink: cell.ink }))),
  );
}

// The centre of the averaged patch (the classifier shifts patches, not templates), zero mean and
// unit length.
function normalisedCore(sum: Float64Array, count: number): Float32Array {
  const width = PATCH_WIDTH - 2;
  const height = PATCH_HEIGHT - 2;
  const core = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) core[y * width + x] = sum[(y + 1) * PATCH_WIDTH + x + 1]! / count;
  const mean = core.reduce((a, v) => a + v, 0) / core.length;
  let norm = 0;
  for (let i = 0; i < core.length; i++) {
    core[i]! -= mean;
    norm += core[i]! ** 2;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < core.length; i++) core[i]! /= norm;
  return core;
}

/** The Debian packages the font files come from (by their folders). */
function fontPackages(fontFiles: readonly string[]): string[] {
  const byFolder: Record<string, string> = {
    'ocr-b': 'fonts-ocr-b', noto: 'fonts-noto-mono', inconsolata: 'fonts-inconsolata', 'fonts-go': 'fonts-go', 'urw-base35': 'fonts-urw-base35', 'anonymous-pro': 'fonts-anonymous-pro',
  };
  return [...new Set(fontFiles.map((f) => byFolder[path.basename(path.dirname(f))] ?? path.dirname(f)))];
}

/** A monospaced face's advance in em, from the width ImageMagick gives 10 and 20 characters at 100 points. */
async function measuredAdvance(fontFile: string, timeoutMs: number): Promise<number> {
  const width = async (count: number) => Number((await runCommand('convert', ['-font', fontFile, '-pointsize', '100', `label:${'M'.repeat(count)}`, '-format', '%w', 'info:'], { timeoutMs })).trim());
  const advance = ((await width(20)) - (await width(10))) / 1000;
  if (!(advance > 0.3 && advance < 1)) throw new Error(`glyph model: ${fontFile} has no monospaced advance (${advance} em)`);
  return advance;
}

async function debianPackageVersion(name: string): Promise<string | null> {
  try {
    return (await runCommand('dpkg-query', ['-W', '-f=${Version}', name], { timeoutMs: 10_000 })).trim() || null;
  } catch {
    return null;
  }
}
