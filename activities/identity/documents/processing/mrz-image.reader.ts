// Reads the machine-readable zone of an identity document photo or scan, the way a border
// scanner does: the zone is located wherever and however turned it is in the picture, each
// character cell is cut out along the fitted lines and matched against OCR-B glyphs, and the
// result is judged by its check digits and by agreement between independent passes (see
// mrz/mrz-reading.decision.ts). A read that fails its check digits is never accepted.
//
// When the glyph reader finds no zone, or only reads with doubtful characters (a zone in another
// typeface), the tesseract reader (mrz-ocr.reader.ts) tries; the glyph reader's own finding is
// reported if tesseract finds nothing either. When the glyph reader read the zone surely and its
// check digits fail, that is the answer: a second reader would only add chances of misreading
// the zone into one that passes.

import { decodeGray } from './image/raster.decoder.js';
import { impulseNoiseShare, medianFilter3x3 } from './image/impulse-noise.filter.js';
import { confirmsEarlierReading, decideReading } from './mrz/mrz-reading.decision.js';
import { readingOutcome, type MrzOcrResult } from './mrz/mrz-reading.outcome.js';
import { readMrzWithTesseract, type ReadMrzOptions } from './mrz-ocr.reader.js';
import { PHOTO_PASSES, readZoneInPass, type PhotoReading } from './mrz-vision/mrz-photo.reader.js';
import { glyphModel } from './mrz-vision/ocr-b-glyph-model.store.js';

export type { MrzOcrResult, ReadMrzOptions };

/** Longest side an image is worked at: enough for a zone filling a tenth of a 30-megapixel photo. */
const WORKING_SIDE = 3200;
/** Share of isolated black or white pixels above which the image is median-filtered first. */
const IMPULSE_NOISE_THRESHOLD = 0.002;

export async function readMrzFromImage(imagePath: string, options: ReadMrzOptions): Promise<MrzOcrResult> {
  const { result: glyphRead, sure } = await readWithGlyphs(imagePath, options);
  if (glyphRead.ok || sure) return glyphRead;
  const ocrRead = await readMrzWithTesseract(imagePath, options);
  if (ocrRead.ok || glyphRead.code === 'mrz_not_found') return { ...ocrRead, passes: ocrRead.passes + glyphRead.passes };
  return glyphRead;
}

interface GlyphReadOutcome {
  result: MrzOcrResult;
  /** Whether the result rests on reads without doubtful characters. */
  sure: boolean;
}

async function readWithGlyphs(imagePath: string, options: ReadMrzOptions): Promise<GlyphReadOutcome> {
  const model = await glyphModel();
  let image = await decodeGray(imagePath, { maxSide: WORKING_SIDE, timeoutMs: options.timeoutMs ?? 30_000 });
  if (impulseNoiseShare(image) > IMPULSE_NOISE_THRESHOLD) image = medianFilter3x3(image);
  const readings: PhotoReading[] = [];
  let passes = 0;
  for (const pass of PHOTO_PASSES) {
    passes++;
    const reading = readZoneInPass(image, model, pass, options.now);
    if (!reading) continue;
    if (isSure(reading) && confirmsEarlierReading(readings.filter(isSure).map((r) => r.zone), reading.zone)) {
      return { result: readingOutcome({ kind: 'accepted', zone: reading.zone }, passes, options.now), sure: true };
    }
    readings.push(reading);
  }
  // Reads with doubtful characters take no part in deciding; if there are only such reads, the
  // zone was found but not read reliably.
  const sure = readings.filter(isSure);
  if (sure.length === 0 && readings.length > 0) return { result: readingOutcome({ kind: 'disagreement', zone: readings[0]!.zone }, passes, options.now), sure: false };
  return { result: readingOutcome(decideReading(sure.map((r) => r.zone), options.now), passes, options.now), sure: sure.length > 0 };
}

function isSure(reading: PhotoReading): boolean {
  return reading.doubtful.length === 0;
}
