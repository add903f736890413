// Chains glyphs into text lines along a given direction: walking the glyphs in reading order,
// each joins the line whose last glyph is just behind it, at the height the line's slope
// predicts, and of a similar size. Lines of other directions or scattered specks form no long
// chains. Pure.

import type { GlyphBlob } from './glyph-blobs.js';

export interface PlacedBlob extends GlyphBlob {
  /** Position along the text direction and across it (pixels, in a frame turned by the angle). */
  s: number;
  t: number;
  /** Extent along and across the text direction. */
  along: number;
  across: number;
}

export interface TextLine {
  blobs: PlacedBlob[];
  /** Typical glyph height across the line. */
  height: number;
}

interface OpenLine {
  blobs: PlacedBlob[];
  heightSum: number;
  slope: number;
}

export function placeBlobs(blobs: readonly GlyphBlob[], angle: number): PlacedBlob[] {
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  return blobs.map((b) => ({
    ...b,
    s: b.cx * ux + b.cy * uy,
    t: -b.cx * uy + b.cy * ux,
    along: b.width * Math.abs(ux) + b.height * Math.abs(uy),
    across: b.width * Math.abs(uy) + b.height * Math.abs(ux),
  }));
}

export function buildTextLines(blobs: readonly GlyphBlob[], angle: number, minBlobs = 8): TextLine[] {
  const placed = placeBlobs(blobs, angle).sort((a, b) => a.s - b.s);
  const open: OpenLine[] = [];
  const closed: OpenLine[] = [];
  for (const b of placed) {
    let best: OpenLine | undefined;
    let bestCost = Infinity;
    for (let i = open.length - 1; i >= 0; i--) {
      const line = open[i]!;
      const last = line.blobs[line.blobs.length - 1]!;
      const h = line.heightSum / line.blobs.length;
      const ds = b.s - last.s;
      if (ds > 3 * h) {
        // Too far behind to be continued by this or any later glyph.
        closed.push(line);
        open.splice(i, 1);
        continue;
      }
      if (ds < -0.4 * h || ds > 2.6 * h) continue;
      if (b.across < 0.35 * h || b.across > 2.2 * h) continue;
      const dt = Math.abs(b.t - (last.t + line.slope * ds));
      if (dt > 0.45 * h) continue;
      const cost = dt / h + 0.2 * Math.abs(ds / h - 1);
      if (cost < bestCost) {
        bestCost = cost;
        best = line;
      }
    }
    if (!best) {
      open.push({ blobs: [b], heightSum: b.across, slope: 0 });
      continue;
    }
    best.blobs.push(b);
    best.heightSum += b.across;
    best.slope = slopeOf(best.blobs.slice(-12));
  }
  return [...closed, ...open]
    .filter((l) => l.blobs.length >= minBlobs)
    .map((l) => ({ blobs: l.blobs, height: l.heightSum / l.blobs.length }));
}

function slopeOf(blobs: readonly PlacedBlob[]): number {
  if (blobs.length < 3) return 0;
  const n = blobs.length;
  const ms = blobs.reduce((a, b) => a + b.s, 0) / n;
  const mt = blobs.reduce((a, b) => a + b.t, 0) / n;
  let num = 0;
  let den = 0;
  for (const b of blobs) {
    num += (b.s - ms) * (b.t - mt);
    den += (b.s - ms) ** 2;
  }
  const slope = den > 0 ? num / den : 0;
  // Text is straight to within a few degrees once the direction is known; a steep fit is noise.
  return Math.max(-0.15, Math.min(0.15, slope));
}
