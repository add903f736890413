// Locates machine-readable zones in a photo or scan: a reduced copy is thresholded locally,
// its ink regions kept when they could be characters, the text direction measured from them,
// and zones looked for along that direction (in both orientations). Coordinates in the bands
// refer to the full image. Pure.

import { downscaleByArea } from '../image/area-downscale.js';
import { connectedComponents } from '../image/connected-components.js';
import type { GrayImage } from '../image/gray-image.js';
import { binariseSauvola } from '../image/sauvola.binariser.js';
import { glyphBlobs } from './glyph-blobs.js';
import { findMrzBands, type MrzBand } from './mrz-band.finder.js';
import { textDirections } from './text-direction.js';

export interface LocateOptions {
  /** Longest side of the reduced copy the zone is looked for in. */
  detectionSide: number;
  /** Sauvola sensitivity (higher keeps less ink). */
  sauvolaK: number;
}

export function locateMrzBands(image: GrayImage, options: LocateOptions): MrzBand[] {
  const factor = Math.min(1, options.detectionSide / Math.max(image.width, image.height));
  const small = downscaleByArea(image, factor);
  const longSide = Math.max(small.width, small.height);
  const window = 2 * Math.round(Math.max(15, longSide / 40) / 2) + 1;
  const mask = binariseSauvola(small, { window, k: options.sauvolaK, minContrast: 10 });
  const blobs = glyphBlobs(connectedComponents(mask, small.width, small.height), {
    imageWidth: small.width,
    imageHeight: small.height,
    scale: image.width / small.width,
  });
  const bands = textDirections(blobs, 2).flatMap((d) => findMrzBands(blobs, d.angle));
  return bands.filter((band, i) => !bands.slice(0, i).some((earlier) => sameBand(earlier, band)));
}

// Two nearby directions can find the same zone; it is the same when its corner cells coincide.
export function sameBand(a: MrzBand, b: MrzBand): boolean {
  if (a.cells !== b.cells || a.lines.length !== b.lines.length) return false;
  const corners = (band: MrzBand) => [band.lines[0]!.centre(0), band.lines[band.lines.length - 1]!.centre(band.cells - 1)];
  const pitch = a.lines[0]!.pitch;
  return corners(a).every((p, i) => Math.hypot(p[0] - corners(b)[i]![0], p[1] - corners(b)[i]![1]) < pitch / 2);
}
