// Reads the machine-readable zone of an identity document photo or scan, the way a border
// scanner does: the zone is located wherever and however turned it is in the picture, each
// character cell is cut out along the fitted lines and matched against OCR-B glyphs, and the
// result is judged by its check digits and by agreement between independent passes (see
// mrz/mrz-reading.decision.ts). A read that fails its check digits is never accepted.
//
// When the glyph reader finds no zone, or only reads with doubtful characters (a zone in another
// typeface), the zones it located are cut out upright and read by tesseract, accepted only when
// a cut reads exactly a zone the glyph reader read (mrz-cutout-ocr.reader.ts); then the
// tesseract reader of the whole image (mrz-ocr.reader.ts) tries, for zones the locator misses —
// where the glyph reader did read a zone, a whole-image read that differs from every glyph read
// is not accepted (two tesseract passes agreeing share their misreads);
// the glyph reader's own finding is reported if nothing is accepted. When the glyph reader read the zone surely and its
// check digits fail, that is the answer: a second reader would only add chances of misreading
// the zone into one that passes.

import { decodeGray } from './image/raster.decoder.js';
import { impulseNoiseShare, medianFilter3x3 } from './image/impulse-noise.filter.js';
import { confirmsEarlierReading, decideReading, sameZone } from './mrz/mrz-reading.decision.js';
import { parseMrz } from './mrz/mrz.parser.js';
import { readingOutcome, type MrzOcrResult } from './mrz/mrz-reading.outcome.js';
import { readMrzWithTesseract, type ReadMrzOptions } from './mrz-ocr.reader.js';
import { readZoneCutOuts } from './mrz-cutout-ocr.reader.js';
import type { GrayImage } from './image/gray-image.js';
import type { MrzBand } from './mrz-vision/mrz-band.finder.js';
import type { ParsedZone } from './mrz/mrz-in-text.finder.js';
import { sameBand } from './mrz-vision/mrz-band.locator.js';
import { OCR_B_MEAN_SCORE, PHOTO_PASSES, readLocatedBand, readZoneInPass, type PhotoReading, type ScoredBand } from './mrz-vision/mrz-photo.reader.js';
import { isAcceptableZone } from './mrz/mrz-zone.consistency.js';
import { glyphModel } from './mrz-vision/ocr-b-glyph-model.store.js';

export type { MrzOcrResult, ReadMrzOptions };

/** Longest side an image is worked at: enough for a zone filling a tenth of a 30-megapixel photo. */
const WORKING_SIDE = 3200;
/** Share of isolated black or white pixels above which the image is median-filtered first. */
const IMPULSE_NOISE_THRESHOLD = 0.002;

/** Located zones (each orientation counting as one) whose cut-outs tesseract reads at most. */
const CUT_OUT_RUNS = 6;
export { OCR_B_MEAN_SCORE };

export async function readMrzFromImage(imagePath: string, options: ReadMrzOptions): Promise<MrzOcrResult> {
  const glyph = await readWithGlyphs(imagePath, options);
  if (glyph.ocrB && (glyph.result.ok || glyph.sure)) return glyph.result;
  let passes = glyph.result.passes;
  if (glyph.located.length > 0) {
    const cut = await readZoneCutOuts(glyph.image, glyph.located, {
      now: options.now, timeoutMs: options.timeoutMs ?? 30_000, maxRuns: CUT_OUT_RUNS, corroborating: glyph.zones,
    });
    passes += cut.runs;
    if (cut.accepted) return readingOutcome({ kind: 'accepted', zone: cut.accepted }, passes, options.now);
    if (!glyph.ocrB && cut.reads.length > 0) {
      const confirmed = await readWithMonospaceGlyphs(glyph.image, glyph.located, cut.reads, options.now);
      passes += confirmed.passes;
      if (confirmed.zone) return readingOutcome({ kind: 'accepted', zone: confirmed.zone }, passes, options.now);
    }
    // The glyph reader read a zone in another typeface that tesseract does not confirm: for review.
    const unconfirmed = glyph.result.ok ? glyph.zones[0] : cut.found;
    if (unconfirmed) return readingOutcome({ kind: 'disagreement', zone: unconfirmed }, passes, options.now);
  }
  if (glyph.result.ok) return readingOutcome({ kind: 'disagreement', zone: glyph.zones[0]! }, passes, options.now);
  const ocrRead = await readMrzWithTesseract(imagePath, options);
  passes += ocrRead.passes;
  if (ocrRead.ok && glyph.zones.length > 0 && !glyph.zones.some((z) => sameZone(z, { lines: ocrRead.mrz }))) {
    // The glyph reader read a zone here and tesseract, on the whole image, read another: two
    // tesseract passes agreeing are not independent (their errors repeat across scales: a 6 read
    // as G in both, which no check digit sees), so the zone goes to review.
    const read = parseMrz(ocrRead.mrz, { now: options.now });
    return read.ok ? readingOutcome({ kind: 'disagreement', zone: read }, passes, options.now) : glyph.result;
  }
  if (ocrRead.ok || glyph.result.code === 'mrz_not_found') return { ...ocrRead, passes };
  return glyph.result;
}

/** Located zones the monospace glyph model reads at most. */
const MONOSPACE_READS = 4;

/**
 * A zone in another typeface than OCR-B that the OCR-B glyphs could not read surely, read again
 * with reference glyphs of other monospaced typefaces (none of them the zone's, as a rule): accepted
 * only when that read has no doubtful character, passes every check and is exactly a zone
 * tesseract read from a cut-out (`tesseractReads`) — two readers that share no model agreeing on
 * every character, names included, which no check digit covers. A letter barely ahead of a digit
 * (or the reverse) stays doubtful unless the check digits settle it: no other mix of the read
 * characters and their runners-up at the doubtful places passes them (never in a visa's optional
 * data, which no check digit covers).
 */
async function readWithMonospaceGlyphs(image: GrayImage, located: readonly MrzBand[], tesseractReads: readonly ParsedZone[], now: Date): Promise<{ zone?: ParsedZone; passes: number }> {
  const model = await glyphModel('monospace');
  let passes = 0;
  for (const band of located.slice(0, MONOSPACE_READS)) {
    passes++;
    const reading = readLocatedBand(image, band, model, now, { settleInAnyTypeface: true });
    if (!reading || !isSure(reading) || !isAcceptableZone(reading.zone)) continue;
    if (tesseractReads.some((z) => sameZone(z, reading.zone))) return { zone: reading.zone, passes };
  }
  return { passes };
}

interface GlyphReadOutcome {
  result: MrzOcrResult;
  /** Whether the result rests on reads without doubtful characters. */
  sure: boolean;
  /** Whether the zone read looks printed in OCR-B (the typeface of the glyph model). */
  ocrB: boolean;
  /** The decoded image, as read. */
  image: GrayImage;
  /** Distinct zones the passes located, likeliest first. */
  located: MrzBand[];
  /** The zones the passes read, the decided one first, for another reader to confirm. */
  zones: ParsedZone[];
}

async function readWithGlyphs(imagePath: string, options: ReadMrzOptions): Promise<GlyphReadOutcome> {
  const model = await glyphModel();
  let image = await decodeGray(imagePath, { maxSide: WORKING_SIDE, timeoutMs: options.timeoutMs ?? 30_000 });
  if (impulseNoiseShare(image) > IMPULSE_NOISE_THRESHOLD) image = medianFilter3x3(image);
  const readings: PhotoReading[] = [];
  const scored: ScoredBand[] = [];
  const located = () => distinctBands(scored);
  let passes = 0;
  // A confirmed read that does not score as OCR-B: the passes locate and sample the zone
  // differently, and an unevenly lit or blurred OCR-B zone can score under OCR_B_MEAN_SCORE in one
  // of them. The zone still counts as OCR-B when a later pass reads the same zone surely and both
  // it and an earlier sure read of that zone score as OCR-B; else it goes to the other readers.
  let confirmedOther: PhotoReading | undefined;
  const accepted = (reading: PhotoReading, ocrB: boolean): GlyphReadOutcome => ({
    result: readingOutcome({ kind: 'accepted', zone: reading.zone }, passes, options.now), sure: true, ocrB, image, located: ocrB ? [] : located(), zones: [reading.zone],
  });
  for (const pass of PHOTO_PASSES) {
    passes++;
    const reading = readZoneInPass(image, model, pass, options.now, scored);
    if (!reading) continue;
    const sureEarlier = readings.filter(isSure);
    if (isSure(reading) && confirmsEarlierReading(sureEarlier.map((r) => r.zone), reading.zone)) {
      if (!confirmedOther) {
        if (isOcrB(reading)) return accepted(reading, true);
        confirmedOther = reading;
      } else if (sameZone(reading.zone, confirmedOther.zone) && isOcrB(reading) && sureEarlier.some((r) => isOcrB(r) && sameZone(r.zone, reading.zone))) {
        return accepted(reading, true);
      }
    }
    readings.push(reading);
  }
  if (confirmedOther) return accepted(confirmedOther, false);
  const zones = readings.map((r) => r.zone);
  const ocrB = readings.length > 0 && readings.every(isOcrB);
  // Reads with doubtful characters take no part in deciding; if there are only such reads, the
  // zone was found but not read reliably.
  const sure = readings.filter(isSure);
  if (sure.length === 0 && readings.length > 0) {
    return { result: readingOutcome({ kind: 'disagreement', zone: readings[0]!.zone }, passes, options.now), sure: false, ocrB, image, located: located(), zones };
  }
  const decision = decideReading(sure.map((r) => r.zone), options.now);
  const decided = decision.kind === 'not_found' ? zones : [decision.zone, ...zones];
  return { result: readingOutcome(decision, passes, options.now), sure: sure.length > 0, ocrB, image, located: located(), zones: decided };
}

function isOcrB(reading: PhotoReading): boolean {
  return reading.meanScore >= OCR_B_MEAN_SCORE;
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
