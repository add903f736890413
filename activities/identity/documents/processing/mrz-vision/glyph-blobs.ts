// Ink regions that could be printed characters: not specks, not lines or blocks, not the size of
// the page. Coordinates are given in the full image's pixels even when the regions were found on
// a reduced copy.

import type { Component } from '../image/connected-components.js';

export interface GlyphBlob {
  /** Centre of the bounding box. */
  cx: number;
  cy: number;
  /** Bounding box size. */
  width: number;
  height: number;
  area: number;
}

export interface BlobFilterOptions {
  /** Size of the image the components were found in. */
  imageWidth: number;
  imageHeight: number;
  /** Full-image pixels per component pixel (1 when found at full size). */
  scale: number;
}

export function glyphBlobs(components: readonly Component[], options: BlobFilterOptions): GlyphBlob[] {
  const maxSide = Math.max(options.imageWidth, options.imageHeight) / 12;
  const blobs: GlyphBlob[] = [];
  for (const c of components) {
    const w = c.x1 - c.x0 + 1;
    const h = c.y1 - c.y0 + 1;
    const long = Math.max(w, h);
    const short = Math.min(w, h);
    if (long < 5 || c.area < 8 || long > maxSide) continue;
    // A character is not much longer one way than the other (a merged pair is at most ~2.5:1
    // once rotated), and is strokes, not a filled block.
    if (long > short * 4.5) continue;
    const fill = c.area / (w * h);
    if (fill < 0.07 || fill > 0.92) continue;
    blobs.push({
      cx: (c.x0 + c.x1 + 1) / 2 * options.scale,
      cy: (c.y0 + c.y1 + 1) / 2 * options.scale,
      width: w * options.scale,
      height: h * options.scale,
      area: c.area * options.scale * options.scale,
    });
  }
  return blobs;
}
