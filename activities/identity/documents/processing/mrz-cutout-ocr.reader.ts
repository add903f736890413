// Reads located zones that the OCR-B glyph reader could not read surely (zones in other
// typefaces) with tesseract, on cut-outs of the zone alone: each zone is resampled upright along
// its fitted cell centres (mrz-vision/zone-cutout.ts), so tilt, turns and perspective are undone
// and the glyphs sit evenly spaced at a size tesseract reads well. Two cuts at different pitches
// are read; a zone is accepted only when a cut reads exactly the zone the glyph reader read (a
// zone it could not trust alone), every check digit holds and every field is well formed: two
// different readers agreeing. Two tesseract reads agreeing with each other are not enough:
// measured on generated photos, both cuts misread a filler as K in a name, or J as N in a
// nationality, the same way (tesseract's errors are not independent across scales), and no
// check digit covers those fields.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GrayImage } from './image/gray-image.js';
import { encodePng } from './image/png.encoder.js';
import { findMrzInText, type ParsedZone } from './mrz/mrz-in-text.finder.js';
import { sameZone } from './mrz/mrz-reading.decision.js';
import { isAcceptableZone } from './mrz/mrz-zone.consistency.js';
import type { MrzBand } from './mrz-vision/mrz-band.finder.js';
import { cutOutZone, type CutOptions } from './mrz-vision/zone-cutout.js';
import { MRZ_CHARACTERS, recogniseText } from './ocr/tesseract.runner.js';

/** The two cuts: tesseract reads capitals best at 20-40 px; thresholding changes its errors. */
export const CUTS: readonly [CutOptions, CutOptions] = [
  { pitch: 26, binarise: false },
  { pitch: 36, binarise: false },
];

export interface CutOutReading {
  /** A zone a cut read exactly as the glyph reader did, acceptable. */
  accepted?: ParsedZone;
  /** The first zone a cut read (for review), when none was accepted. */
  found?: ParsedZone;
  /** Every zone of the located zone's shape the cuts read (another reader may confirm one). */
  reads: ParsedZone[];
  /** Tesseract runs made. */
  runs: number;
}

export async function readZoneCutOuts(
  image: GrayImage,
  bands: readonly MrzBand[],
  options: { now: Date; timeoutMs: number; maxRuns: number; corroborating?: readonly ParsedZone[] },
): Promise<CutOutReading> {
  const corroborating = options.corroborating ?? [];
  const workDir = await mkdtemp(path.join(tmpdir(), 'clearwatch-mrz-cut-'));
  let runs = 0;
  let found: ParsedZone | undefined;
  const reads: ParsedZone[] = [];
  const read = async (band: MrzBand, cut: CutOptions): Promise<ParsedZone | undefined> => {
    runs++;
    const cutOut = cutOutZone(image, band, cut);
    const file = path.join(workDir, `cut-${runs}.png`);
    await writeFile(file, encodePng({ width: cutOut.width, height: cutOut.height, channels: 1, data: cutOut.data }));
    const text = await recogniseText(file, { psm: 6, whitelist: MRZ_CHARACTERS, timeoutMs: options.timeoutMs });
    const zone = findMrzInText(text, options.now);
    // The zone must have the located zone's shape: anything else was read from elsewhere.
    if (!zone || zone.lines.length !== band.lines.length || zone.lines[0]!.length !== band.cells) return undefined;
    reads.push(zone);
    return zone;
  };
  try {
    for (const band of bands) {
      if (runs + 2 > options.maxRuns) break;
      const confirmed = (zone: ParsedZone | undefined) => zone !== undefined && isAcceptableZone(zone) && corroborating.some((z) => sameZone(z, zone));
      const first = await read(band, CUTS[0]);
      // A zone the glyph reader read too, identically, is confirmed by a second reader.
      if (confirmed(first)) return { accepted: first, reads, runs };
      // Both cuts of a band are read before another band is tried: one pitch may read nothing of
      // the zone's shape where the other reads it exactly.
      const second = await read(band, CUTS[1]);
      if (confirmed(second)) return { accepted: second, reads, runs };
      if (!first && !second) continue;
      // The zone was found and read, but not confirmed: another band is not it.
      found = first && second ? (isAcceptableZone(first) || !second.valid ? first : second) : (first ?? second);
      break;
    }
    return { ...(found ? { found } : {}), reads, runs };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
