// Cuts every character cell of a zone out of the image into a small fixed-size patch of ink
// values (0 paper … 1 ink), whatever the scale, tilt or perspective of the photo: each cell is
// sampled in its own frame, along the line's fitted cell centres and across it towards the next
// line (which carries the perspective's shear). Glyph height is measured from the zone's ink
// profiles, so the patch is scaled to the glyphs, not to an assumed font aspect. Ink is
// normalised against the paper and ink levels around each cell, which absorbs glare and shadows.
// Pure.

import { sampleBilinear, type GrayImage } from '../image/gray-image.js';
import type { MrzBand } from './mrz-band.finder.js';
import { median, percentile } from './robust-statistics.js';

/** Patch size: the compared core plus one pixel each side for small shifts. */
export const PATCH_WIDTH = 18;
export const PATCH_HEIGHT = 22;
/** Horizontal span of the core, in pitches (centred on the cell centre), for glyphs of the reference height. */
const CORE_SPAN = 1.2;
/**
 * Glyph height, in pitches, of OCR-B printed at its nominal 10 characters per inch (what the glyph
 * model's renderings measure). Zones are printed at other pitches and glyph heights too (2.3-2.7 mm
 * pitch, fonts of several sizes), so the core's width follows the measured glyph height, not the
 * pitch: a glyph keeps its aspect in the patch whatever its spacing.
 */
const REFERENCE_HEIGHT = 1.05;
/** Bounds of the core width's scaling (a taller zone would take in its neighbours' ink). */
const MIN_SPAN_SCALE = 0.75;
const MAX_SPAN_SCALE = 1.15;

export interface CellPatch {
  /** Ink, 0–1, PATCH_WIDTH × PATCH_HEIGHT row-major. */
  ink: Float32Array;
  /** Paper minus ink level around the cell (0–255); low means little to read. */
  contrast: number;
}

type Vec = [number, number];

/** Patches of every cell, line by line; with `every` > 1 only every so many cells (a quick look). */
export function sampleBandCells(image: GrayImage, band: MrzBand, every = 1): CellPatch[][] {
  const frames = band.lines.map((_, i) => cellFrames(band, i));
  const extents = glyphExtents(frames.map((f) => inkProfile(image, f)));
  return frames.map((lineFrames, i) => {
    const raw = lineFrames.filter((_, k) => k % every === 0).map((f) => samplePatch(image, f, extents[i]!));
    return normaliseInk(raw);
  });
}

interface CellFrame {
  centre: Vec;
  /** One pitch along the line. */
  along: Vec;
  /** One pitch's length across the line, towards the next line. */
  across: Vec;
}

function cellFrames(band: MrzBand, lineIndex: number): CellFrame[] {
  const line = band.lines[lineIndex]!;
  const first = band.lines[0]!;
  const last = band.lines[band.lines.length - 1]!;
  const frames: CellFrame[] = [];
  for (let k = 0; k < band.cells; k++) {
    const centre = line.centre(k);
    const a = line.centre(k - 0.5);
    const b = line.centre(k + 0.5);
    const along: Vec = [b[0] - a[0], b[1] - a[1]];
    const pitch = Math.hypot(along[0], along[1]);
    let down: Vec = [-along[1] / pitch, along[0] / pitch];
    if (band.lines.length > 1) {
      const top = first.centre(k);
      const bottom = last.centre(k);
      const d: Vec = [bottom[0] - top[0], bottom[1] - top[1]];
      const length = Math.hypot(d[0], d[1]);
      // Trust the inter-line direction unless it is far from perpendicular (a bad fit).
      if (length > 0 && Math.abs((d[0] * down[0] + d[1] * down[1]) / length) > 0.8) down = [d[0] / length, d[1] / length];
    }
    frames.push({ centre, along, across: [down[0] * pitch, down[1] * pitch] });
  }
  return frames;
}

interface Extent {
  /** Rows across the line, in pitches from the fitted centres. */
  top: number;
  bottom: number;
}

const PROFILE_STEP = 0.05;
const PROFILE_ROWS = Math.round(1.1 / PROFILE_STEP);

// Ink summed along the line, row by row across it (from −1.1 to +1.1 pitches).
function inkProfile(image: GrayImage, frames: readonly CellFrame[]): number[] {
  const values: number[][] = [];
  for (let r = -PROFILE_ROWS; r <= PROFILE_ROWS; r++) {
    const t = r * PROFILE_STEP;
    const row: number[] = [];
    for (const f of frames) {
      for (const s of [-0.3, -0.1, 0.1, 0.3]) {
        row.push(sampleBilinear(image, f.centre[0] + s * f.along[0] + t * f.across[0], f.centre[1] + s * f.along[1] + t * f.across[1]));
      }
    }
    values.push(row);
  }
  const paper = percentile(values.flat(), 0.9);
  return values.map((row) => row.reduce((a, v) => a + Math.max(0, paper - v), 0));
}

// Glyph rows of each line. Every glyph stands on the baseline, so each line's baseline is where its
// profile drops. Heights differ by character (OCR-B digits are a tenth taller than capitals), so
// the glyph height is measured once, on the zone's second line, which always holds dates and
// check digits, and applied to every line: a letter keeps its size relative to a digit whatever
// else its line holds, which tells O from 0.
function glyphExtents(profiles: readonly number[][]): Extent[] {
  const rowOf = (index: number) => (index - PROFILE_ROWS) * PROFILE_STEP;
  const edges = profiles.map((profile) => {
    let peak = PROFILE_ROWS;
    for (let i = PROFILE_ROWS - 8; i <= PROFILE_ROWS + 8; i++) if (profile[i]! > profile[peak]!) peak = i;
    const edge = (from: number, step: 1 | -1, share: number) => {
      let i = from;
      while (i + step >= 0 && i + step < profile.length && profile[i + step]! >= profile[peak]! * share) i += step;
      return i;
    };
    return { top: rowOf(edge(peak, -1, 0.15)) - PROFILE_STEP / 2, bottom: rowOf(edge(peak, 1, 0.3)) + PROFILE_STEP / 2 };
  });
  const reference = edges[Math.min(1, edges.length - 1)]!;
  let height = reference.bottom - reference.top;
  // Glyphs are about a pitch tall; a much taller or flatter profile was not measured well.
  if (height < 0.6 || height > 1.6) height = 1.1;
  return edges.map((e) => ({ top: e.bottom - height, bottom: e.bottom }));
}

function samplePatch(image: GrayImage, frame: CellFrame, extent: Extent): Float32Array {
  const coreWidth = PATCH_WIDTH - 2;
  const coreHeight = PATCH_HEIGHT - 2;
  const height = extent.bottom - extent.top;
  const spanScale = Math.min(MAX_SPAN_SCALE, Math.max(MIN_SPAN_SCALE, height / REFERENCE_HEIGHT));
  const span = CORE_SPAN * spanScale;
  const stepS = span / coreWidth;
  const stepT = (height * 1.24) / coreHeight;
  const tStart = extent.top - height * 0.12;
  const pitch = Math.hypot(frame.along[0], frame.along[1]);
  // Average several samples per patch pixel when the source is finer than the patch.
  const ssS = Math.min(4, Math.max(1, Math.ceil(stepS * pitch)));
  const ssT = Math.min(4, Math.max(1, Math.ceil(stepT * pitch)));
  const out = new Float32Array(PATCH_WIDTH * PATCH_HEIGHT);
  for (let py = 0; py < PATCH_HEIGHT; py++) {
    for (let px = 0; px < PATCH_WIDTH; px++) {
      let sum = 0;
      for (let j = 0; j < ssT; j++) {
        const t = tStart + (py - 1 + (j + 0.5) / ssT) * stepT;
        for (let i = 0; i < ssS; i++) {
          const s = -span / 2 + (px - 1 + (i + 0.5) / ssS) * stepS;
          sum += sampleBilinear(image, frame.centre[0] + s * frame.along[0] + t * frame.across[0], frame.centre[1] + s * frame.along[1] + t * frame.across[1]);
        }
      }
      out[py * PATCH_WIDTH + px] = sum / (ssS * ssT);
    }
  }
  return out;
}

// Paper and ink levels per cell, smoothed over neighbouring cells so a cell with little ink
// (a filler) borrows its neighbours' ink level.
function normaliseInk(raw: readonly Float32Array[]): CellPatch[] {
  const paper = raw.map((p) => percentile(p, 0.85));
  const ink = raw.map((p) => percentile(p, 0.04));
  return raw.map((p, k) => {
    const near = (values: number[]) => median(values.slice(Math.max(0, k - 2), k + 3));
    const paperLevel = near(paper);
    const inkLevel = Math.min(ink[k]!, near(ink));
    const contrast = paperLevel - inkLevel;
    const scale = Math.max(20, contrast * 0.85);
    const out = new Float32Array(p.length);
    for (let i = 0; i < p.length; i++) out[i] = Math.min(1, Math.max(0, (paperLevel - p[i]!) / scale));
    return { ink: out, contrast };
  });
}
