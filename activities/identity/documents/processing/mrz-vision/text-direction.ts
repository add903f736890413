// The direction text runs in, from the glyphs themselves: each glyph's nearest similar-sized
// neighbour is usually the next character on its line (characters sit closer than lines), so
// the angles of those neighbour pairs pile up at the text's direction. Gives the direction modulo
// 180°: which way is up is settled later, by reading.

import type { GlyphBlob } from './glyph-blobs.js';
import { median } from './robust-statistics.js';

export interface TextDirection {
  /** Radians in [0, π). */
  angle: number;
  /** Share of neighbour pairs that agree with it (±3°). */
  support: number;
}

const BINS = 360; // half-degree bins over 180°

/** The strongest text directions, strongest first (at most `limit`, each ≥ 10° from the others). */
export function textDirections(blobs: readonly GlyphBlob[], limit = 2): TextDirection[] {
  const size = (b: GlyphBlob) => Math.max(b.width, b.height);
  const cell = Math.max(8, median(blobs.map(size)) * 2);
  const grid = new Map<string, GlyphBlob[]>();
  const key = (x: number, y: number) => `${Math.floor(x / cell)},${Math.floor(y / cell)}`;
  for (const b of blobs) {
    const k = key(b.cx, b.cy);
    grid.set(k, [...(grid.get(k) ?? []), b]);
  }
  const histogram = new Float64Array(BINS);
  let pairs = 0;
  for (const b of blobs) {
    let best: GlyphBlob | undefined;
    let bestDistance = Infinity;
    const gx = Math.floor(b.cx / cell);
    const gy = Math.floor(b.cy / cell);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (const o of grid.get(`${gx + dx},${gy + dy}`) ?? []) {
          if (o === b) continue;
          const ratio = size(o) / size(b);
          if (ratio < 0.6 || ratio > 1.67) continue;
          const d = Math.hypot(o.cx - b.cx, o.cy - b.cy);
          if (d < bestDistance && d < size(b) * 2.2) {
            bestDistance = d;
            best = o;
          }
        }
      }
    }
    if (!best) continue;
    let angle = Math.atan2(best.cy - b.cy, best.cx - b.cx);
    if (angle < 0) angle += Math.PI;
    if (angle >= Math.PI) angle -= Math.PI;
    histogram[Math.floor((angle / Math.PI) * BINS) % BINS]! += 1;
    pairs++;
  }
  if (pairs === 0) return [];
  // Smooth circularly over ±3° (±6 bins).
  const smoothed = new Float64Array(BINS);
  for (let i = 0; i < BINS; i++) {
    let s = 0;
    for (let d = -6; d <= 6; d++) s += histogram[(i + d + BINS) % BINS]!;
    smoothed[i] = s;
  }
  const peaks: TextDirection[] = [];
  const taken = (i: number) => peaks.some((p) => circularBinDistance(Math.round((p.angle / Math.PI) * BINS), i) < 20);
  const order = [...smoothed.keys()].sort((a, b) => smoothed[b]! - smoothed[a]!);
  for (const i of order) {
    if (peaks.length >= limit || smoothed[i]! === 0) break;
    if (taken(i)) continue;
    peaks.push({ angle: refinedAngle(histogram, i), support: smoothed[i]! / pairs });
  }
  return peaks;
}

// The weighted mean angle of the pairs within ±3° of a peak bin, for sub-bin precision.
function refinedAngle(histogram: Float64Array, peak: number): number {
  let weight = 0;
  let sum = 0;
  for (let d = -6; d <= 6; d++) {
    const w = histogram[(peak + d + BINS) % BINS]!;
    weight += w;
    sum += w * (peak + d + 0.5);
  }
  const angle = ((sum / weight) / BINS) * Math.PI;
  return ((angle % Math.PI) + Math.PI) % Math.PI;
}

function circularBinDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % BINS;
  return Math.min(d, BINS - d);
}
