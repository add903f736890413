// Fits a machine-readable-zone line: a run of evenly spaced glyphs with no gaps (fillers are
// printed as '<'), so every glyph can be given its character cell index. The cell centres are
// then fitted by a one-dimensional projective map from cell index to image position, which is
// exact for a straight line of evenly spaced characters seen in perspective, and includes plain
// tilt. Glyphs broken in two are joined, glyphs run together are counted as several cells. Pure.

import { solveLinear } from '../image/projective-transform.js';
import type { GlyphBlob } from './glyph-blobs.js';
import { median } from './robust-statistics.js';
import { placeBlobs, type PlacedBlob, type TextLine } from './text-lines.js';

export interface CellLine {
  /** Number of character cells. */
  cells: number;
  /** Centre of cell k (fractional k allowed) in image pixels. */
  centre: (k: number) => [number, number];
  /** Mean distance between cell centres, pixels. */
  pitch: number;
  /** Root-mean-square distance of glyph centres from the fit, in pitches. */
  rms: number;
  /** Glyphs that took part in the fit. */
  fitted: number;
  /** Typical glyph extent across the line, pixels. */
  height: number;
  /** Mean position across the text direction (to order lines). */
  t: number;
  /** Position along the text direction of the first cell centre. */
  sStart: number;
  /** Runs of empty cells between glyphs (a zone prints every cell; words leave gaps). */
  gapRuns: number;
}

interface IndexedBlob {
  blob: PlacedBlob;
  first: number;
  count: number;
}

export function fitCellLine(line: TextLine, angle: number): CellLine | undefined {
  const blobs = joinBrokenGlyphs(line.blobs, angle);
  if (blobs.length < 6) return undefined;
  const steps = blobs.slice(1).map((b, i) => b.s - blobs[i]!.s);
  const pitch = median(steps);
  if (!(pitch > 0)) return undefined;
  const indexed = indexCells(blobs, pitch);
  const last = indexed[indexed.length - 1]!;
  const cells = last.first + last.count;
  const singles = indexed.filter((b) => b.count === 1);
  const fit = fitProjective(singles.map((b) => ({ k: b.first, x: b.blob.cx, y: b.blob.cy })), pitch);
  if (!fit) return undefined;
  return {
    cells,
    centre: fit.centre,
    pitch: fit.pitch,
    rms: fit.rms,
    fitted: fit.used,
    height: median(blobs.map((b) => b.across)),
    t: blobs.reduce((a, b) => a + b.t, 0) / blobs.length,
    sStart: blobs[0]!.s,
    gapRuns: indexed.filter((b, i) => i > 0 && b.first > indexed[i - 1]!.first + indexed[i - 1]!.count).length,
  };
}

// Pieces of one glyph (a broken stroke, a character cut by glare) overlap along the line.
function joinBrokenGlyphs(blobs: readonly PlacedBlob[], angle: number): PlacedBlob[] {
  const steps = blobs.slice(1).map((b, i) => b.s - blobs[i]!.s).filter((d) => d > 0.4 * median(blobs.map((b) => b.across)));
  const pitch = median(steps);
  const out: PlacedBlob[] = [];
  for (const b of blobs) {
    const previous = out[out.length - 1];
    if (previous && b.s - previous.s < 0.4 * pitch) {
      out[out.length - 1] = placeBlobs([union(previous, b)], angle)[0]!;
    } else {
      out.push(b);
    }
  }
  return out;
}

function union(a: GlyphBlob, b: GlyphBlob): GlyphBlob {
  const x0 = Math.min(a.cx - a.width / 2, b.cx - b.width / 2);
  const x1 = Math.max(a.cx + a.width / 2, b.cx + b.width / 2);
  const y0 = Math.min(a.cy - a.height / 2, b.cy - b.height / 2);
  const y1 = Math.max(a.cy + a.height / 2, b.cy + b.height / 2);
  return { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, width: x1 - x0, height: y1 - y0, area: a.area + b.area };
}

// A glyph much wider than one cell is several glyphs run together.
function indexCells(blobs: readonly PlacedBlob[], pitch: number): IndexedBlob[] {
  const out: IndexedBlob[] = [];
  for (const blob of blobs) {
    const count = blob.along > 1.35 * pitch ? Math.max(2, Math.round((blob.along + 0.3 * pitch) / pitch)) : 1;
    const previous = out[out.length - 1];
    if (!previous) {
      out.push({ blob, first: 0, count });
      continue;
    }
    const previousCentre = previous.first + (previous.count - 1) / 2;
    const first = Math.max(previous.first + previous.count, Math.round(previousCentre + (blob.s - previous.blob.s) / pitch - (count - 1) / 2));
    out.push({ blob, first, count });
  }
  return out;
}

interface Fit {
  centre: (k: number) => [number, number];
  pitch: number;
  rms: number;
  used: number;
}

// x(k) = (a0 + a1·k) / (1 + c·k), y(k) = (b0 + b1·k) / (1 + c·k), solved linearly as
// x = a0 + a1·k − c·k·x (and the same for y), dropping glyphs far from a first fit.
function fitProjective(points: readonly { k: number; x: number; y: number }[], pitch: number): Fit | undefined {
  let used = [...points];
  for (let round = 0; round < 3; round++) {
    if (used.length < 6) return undefined;
    const solved = solveProjective(used);
    if (!solved) return undefined;
    const residual = (p: { k: number; x: number; y: number }) => {
      const [x, y] = solved(p.k);
      return Math.hypot(x - p.x, y - p.y);
    };
    const kept = used.filter((p) => residual(p) < 0.3 * pitch);
    if (kept.length === used.length || round === 2) {
      const rms = Math.sqrt(used.reduce((a, p) => a + residual(p) ** 2, 0) / used.length);
      const kMin = Math.min(...used.map((p) => p.k));
      const kMax = Math.max(...used.map((p) => p.k));
      const [x0, y0] = solved(kMin);
      const [x1, y1] = solved(kMax);
      const fittedPitch = kMax > kMin ? Math.hypot(x1 - x0, y1 - y0) / (kMax - kMin) : pitch;
      return { centre: solved, pitch: fittedPitch, rms: rms / fittedPitch, used: used.length };
    }
    used = kept;
  }
  return undefined;
}

function solveProjective(points: readonly { k: number; x: number; y: number }[]): ((k: number) => [number, number]) | undefined {
  // Normal equations of the stacked system over unknowns [a0, a1, b0, b1, c]. Cell indices and
  // coordinates are centred (the model keeps its form under translation), indices also scaled.
  const kMean = points.reduce((a, p) => a + p.k, 0) / points.length;
  const xMean = points.reduce((a, p) => a + p.x, 0) / points.length;
  const yMean = points.reduce((a, p) => a + p.y, 0) / points.length;
  const kScale = Math.max(1, Math.max(...points.map((p) => Math.abs(p.k - kMean))));
  const ata = Array.from({ length: 5 }, () => new Array<number>(5).fill(0));
  const atb = new Array<number>(5).fill(0);
  const add = (row: number[], value: number) => {
    for (let i = 0; i < 5; i++) {
      atb[i]! += row[i]! * value;
      for (let j = 0; j < 5; j++) ata[i]![j]! += row[i]! * row[j]!;
    }
  };
  for (const p of points) {
    const k = (p.k - kMean) / kScale;
    const x = p.x - xMean;
    const y = p.y - yMean;
    add([1, k, 0, 0, -k * x], x);
    add([0, 0, 1, k, -k * y], y);
  }
  let solution: number[];
  try {
    solution = solveLinear(ata, atb);
  } catch {
    return undefined;
  }
  const [a0, a1, b0, b1, c] = solution as [number, number, number, number, number];
  // A strong perspective term means the points were not one straight line of cells.
  if (Math.abs(c) > 0.6) return undefined;
  return (kRaw: number) => {
    const k = (kRaw - kMean) / kScale;
    const w = 1 + c * k;
    return [xMean + (a0 + a1 * k) / w, yMean + (b0 + b1 * k) / w];
  };
}
