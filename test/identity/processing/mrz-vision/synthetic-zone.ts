// Test-only: glyph blobs of a machine-readable zone placed by a known mapping from (cell, line) to
// image coordinates, so the geometry code can be checked against the truth without images.

import type { GlyphBlob } from '../../../../activities/identity/documents/processing/mrz-vision/glyph-blobs.js';

export interface SyntheticZone {
  lines: number;
  cells: number;
  /** Image position of the centre of cell k of line l. */
  place: (k: number, l: number) => [number, number];
  /** Glyph size before rotation. */
  glyph: { width: number; height: number };
  /** Rotation of the glyphs (radians), for their bounding boxes. */
  angle?: number;
  /** Cells to leave out (no blob). */
  missing?: (k: number, l: number) => boolean;
}

export function zoneBlobs(zone: SyntheticZone): GlyphBlob[] {
  const angle = zone.angle ?? 0;
  const c = Math.abs(Math.cos(angle));
  const s = Math.abs(Math.sin(angle));
  const blobs: GlyphBlob[] = [];
  for (let l = 0; l < zone.lines; l++) {
    for (let k = 0; k < zone.cells; k++) {
      if (zone.missing?.(k, l)) continue;
      const [cx, cy] = zone.place(k, l);
      // Glyph widths vary a little by character.
      const width = zone.glyph.width * (0.85 + 0.15 * ((k * 7 + l) % 3));
      blobs.push({ cx, cy, width: width * c + zone.glyph.height * s, height: width * s + zone.glyph.height * c, area: width * zone.glyph.height * 0.35 });
    }
  }
  return blobs;
}

/** A straight zone: origin, pitch and line spacing in pixels, turned by `angle`. */
export function affinePlacement(origin: [number, number], pitch: number, spacing: number, angle: number): (k: number, l: number) => [number, number] {
  const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
  return (k, l) => [origin[0] + k * pitch * ux - l * spacing * uy, origin[1] + k * pitch * uy + l * spacing * ux];
}

/** The zone seen in perspective: the far end of each line shrunk by `shrink` (e.g. 0.8). */
export function perspectivePlacement(origin: [number, number], pitch: number, spacing: number, cells: number, shrink: number): (k: number, l: number) => [number, number] {
  return (k, l) => {
    const f = k / (cells - 1);
    const w = 1 + (1 / shrink - 1) * f; // projective denominator growing along the line
    const x = (k * pitch) / w;
    const y = (l * spacing * (1 - 0.2 * f)) / 1;
    return [origin[0] + x, origin[1] + y + 0.08 * x];
  };
}
