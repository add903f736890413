// Cuts a located zone out of the photo as an upright, evenly spaced image: every line resampled
// along its fitted cell centres (which undo tilt, turns and perspective) at a chosen pitch, lines
// stacked with clear space between them, ink and paper stretched to black and white. This is
// what a general OCR engine reads best, whatever the typeface: the zone alone, straight, at a
// comfortable size. Optionally thresholded (Sauvola), for a second, differently made cut. Pure.

import { binariseSauvola } from '../image/sauvola.binariser.js';
import { grayImage, sampleBilinear, type GrayImage } from '../image/gray-image.js';
import type { MrzBand } from './mrz-band.finder.js';
import { percentile } from './robust-statistics.js';

export interface CutOptions {
  /** Character pitch of the cut-out, pixels. */
  pitch: number;
  /** Threshold the cut-out to black and white. */
  binarise: boolean;
}

/** Rows kept around each line's centre, in pitches either side. */
const HALF_LINE = 0.85;
/** Distance between line centres in the cut-out, in pitches. */
const LINE_SPACING = 2.2;
/** Blank margin around the zone, in pitches. */
const MARGIN = 1.5;

export function cutOutZone(image: GrayImage, band: MrzBand, options: CutOptions): GrayImage {
  const p = options.pitch;
  const margin = Math.round(MARGIN * p);
  const width = Math.round(2 * margin + band.cells * p);
  const height = Math.round(2 * margin + (band.lines.length - 1) * LINE_SPACING * p + 2 * HALF_LINE * p);
  const out = new Uint8Array(width * height).fill(255);
  const sourcePitch = band.lines.reduce((a, l) => a + l.pitch, 0) / band.lines.length;
  const ss = Math.min(4, Math.max(1, Math.ceil(sourcePitch / p)));
  const values: number[] = [];
  const placed: { index: number; value: number }[] = [];
  band.lines.forEach((line, l) => {
    const centreRow = margin + HALF_LINE * p + l * LINE_SPACING * p;
    for (let y = Math.floor(centreRow - HALF_LINE * p); y < Math.ceil(centreRow + HALF_LINE * p); y++) {
      // Only the zone's own cells: what lies beyond them (the document's edge, other print) stays blank.
      for (let x = margin; x < margin + Math.round(band.cells * p); x++) {
        let sum = 0;
        for (let j = 0; j < ss; j++) {
          const t = (y + (j + 0.5) / ss - centreRow) / p;
          for (let i = 0; i < ss; i++) {
            const u = (x + (i + 0.5) / ss - margin) / p - 0.5;
            const c = line.centre(u);
            const a = line.centre(u - 0.5);
            const b = line.centre(u + 0.5);
            // Across the line: perpendicular to it, one pitch long, towards the next line.
            sum += sampleBilinear(image, c[0] - t * (b[1] - a[1]), c[1] + t * (b[0] - a[0]));
          }
        }
        const value = sum / (ss * ss);
        values.push(value);
        placed.push({ index: y * width + x, value });
      }
    }
  });
  // Stretch: the darkest few per cent to black, the paper to white.
  const ink = percentile(values, 0.03);
  const paper = percentile(values, 0.8);
  const range = Math.max(1, paper - ink);
  for (const { index, value } of placed) out[index] = Math.max(0, Math.min(255, Math.round(((value - ink) / range) * 255)));
  const cut = grayImage(width, height, out);
  if (!options.binarise) return cut;
  const window = 2 * Math.round(p) + 1;
  const mask = binariseSauvola(cut, { window, k: 0.2, minContrast: 20 });
  return grayImage(width, height, Uint8Array.from(mask, (m) => (m ? 0 : 255)));
}
