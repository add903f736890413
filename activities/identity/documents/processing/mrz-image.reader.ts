// Reads the machine-readable zone of an identity document photo or scan, the way a border
// scanner does: the zone is located wherever and however turned it is in the picture, each
// character cell is cut out along the fitted lines and matched against OCR-B glyphs, and the
// result is judged by its check digits and by agreement between independent passes (see
// mrz/mrz-reading.decision.ts). A read that fails its check digits is never accepted.
//
// When the glyph reader finds no zone, or only reads with doubtful characters (a zone in another
// typeface), the zones it located are cut out upright and read by tesseract, accepted only when
// two differently made cuts read the same well-formed zone (mrz-cutout-ocr.reader.ts); then the
// tesseract reader of the whole image (mrz-ocr.reader.ts) tries, for zones the locator misses;
// the glyph reader's own finding is reported if nothing is accepted. When the glyph reader read the zone surely and its
// check digits fail, that is the answer: a second reader would only add chances of misreading
// the zone into one that passes.

import { decodeGray } from './image/raster.decoder.js';
import { impulseNoiseShare, medianFilter3x3 } from './image/impulse-noise.filter.js';
import { confirmsEarlierReading, decideReading } from './mrz/mrz-reading.decision.js';
import { readingOutcome, type MrzOcrResult } from './mrz/mrz-reading.outcome.js';
import { readMrzWithTesseract, type ReadMrzOptions } from './mrz-ocr.reader.js';
import { readZoneCutOuts } from './mrz-cutout-ocr.reader.js';
import type { GrayImage } from './image/gray-image.js';
import type { MrzBand } from './mrz-vision/mrz-band.finder.js';
import { sameBand } from './mrz-vision/mrz-band.locator.js';
import { PHOTO_PASSES, readZoneInPass, type PhotoReading, type ScoredBand } from './mrz-vision/mrz-photo.reader.js';
import { glyphModel } from './mrz-vision/ocr-b-glyph-model.store.js';

export type { MrzOcrResult, ReadMrzOptions };

/** Longest side an image is worked at: enough for a zone filling a tenth of a 30-megapixel photo. */
const WORKING_SIDE = 3200;
/** Share of isolated black or white pixels above which the image is median-filtered first. */
const IMPULSE_NOISE_THRESHOLD = 0.002;

/** Located zones (each orientation counting as one) whose cut-outs tesseract reads at most. */
const CUT_OUT_RUNS = 6;

export async function readMrzFromImage(imagePath: string, options: ReadMrzOptions): Promise<MrzOcrResult> {
  const { result: glyphRead, sure, image, located } = await readWithGlyphs(imagePath, options);
  if (glyphRead.ok || sure) return glyphRead;
  let passes = glyphRead.passes;
  if (located.length > 0) {
    const cut = await readZoneCutOuts(image, located, { now: options.now, timeoutMs: options.timeoutMs ?? 30_000, maxRuns: CUT_OUT_RUNS });
    passes += cut.runs;
    if (cut.accepted) return readingOutcome({ kind: 'accepted', zone: cut.accepted }, passes, options.now);
  }
  const ocrRead = await readMrzWithTesseract(imagePath, options);
  if (ocrRead.ok || glyphRead.code === 'mrz_not_found') return { ...ocrRead, passes: ocrRead.passes + passes };
  return glyphRead;
}

interface GlyphReadOutcome {
  result: MrzOcrResult;
  /** Whether the result rests on reads without doubtful characters. */
  sure: boolean;
  /** The decoded image, as read. */
  image: GrayImage;
  /** Distinct zones the passes located, likeliest first. */
  located: MrzBand[];
}

async function readWithGlyphs(imagePath: string, options: ReadMrzOptions): Promise<GlyphReadOutcome> {
  const model = await glyphModel();
  let image = await decodeGray(imagePath, { maxSide: WORKING_SIDE, timeoutMs: options.timeoutMs ?? 30_000 });
  if (impulseNoiseShare(image) > IMPULSE_NOISE_THRESHOLD) image = medianFilter3x3(image);
  const readings: PhotoReading[] = [];
  const scored: ScoredBand[] = [];
  const located = () => distinctBands(scored);
  let passes = 0;
  for (const pass of PHOTO_PASSES) {
    passes++;
    const reading = readZoneInPass(image, model, pass, options.now, scored);
    if (!reading) continue;
    if (isSure(reading) && confirmsEarlierReading(readings.filter(isSure).map((r) => r.zone), reading.zone)) {
      return { result: readingOutcome({ kind: 'accepted', zone: reading.zone }, passes, options.now), sure: true, image, located: [] };
    }
    readings.push(reading);
  }
  // Reads with doubtful characters take no part in deciding; if there are only such reads, the
  // zone was found but not read reliably.
  const sure = readings.filter(isSure);
  if (sure.length === 0 && readings.length > 0) {
    return { result: readingOutcome({ kind: 'disagreement', zone: readings[0]!.zone }, passes, options.now), sure: false, image, located: located() };
  }
  return { result: readingOutcome(decideReading(sure.map((r) => r.zone), options.now), passes, options.now), sure: sure.length > 0, image, located: located() };
}

// The same zone is located by several passes; keep each once, best quick score first.
function distinctBands(scored: readonly ScoredBand[]): MrzBand[] {
  const out: MrzBand[] = [];
  for (const { band } of [...scored].sort((a, b) => b.score - a.score)) if (!out.some((o) => sameBand(o, band))) out.push(band);
  return out;
}

function isSure(reading: PhotoReading): boolean {
  return reading.doubtful.length === 0;
}
