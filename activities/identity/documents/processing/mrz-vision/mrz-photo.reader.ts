// Reads the machine-readable zone of a decoded photo or scan with the OCR-B glyph model, in one
// "pass" (one setting of the zone locator): every zone found is given a quick look in both
// orientations, the likelier ones read in full, and the best parsed. Several passes with
// different settings make the several independent-ish reads that the consensus judges. Pure.

import type { GrayImage } from '../image/gray-image.js';
import { looksLikeZone, rankOf, type ParsedZone } from '../mrz/mrz-in-text.finder.js';
import { MRZ_LAYOUTS, detectMrzFormat, type MrzLayout } from '../mrz/mrz-layout.js';
import { parseMrz } from '../mrz/mrz.parser.js';
import type { MrzBand } from './mrz-band.finder.js';
import { locateMrzBands, type LocateOptions } from './mrz-band.locator.js';
import { readBand, type BandReading } from './mrz-band.reader.js';
import { sampleBandCells } from './mrz-cell.sampler.js';
import { MRZ_ALPHABET } from './mrz-character-positions.js';
import { classifyCell } from './ocr-b-glyph.classifier.js';
import type { GlyphModel } from './ocr-b-glyph.model.js';
import { doubtfulCells, type DoubtfulCell } from './reading-confidence.js';
import { repairUnsureCells, spentCheckCells, type CellRepair } from './uncertain-cell.repair.js';

export interface PhotoReading {
  zone: ParsedZone;
  band: MrzBand;
  cells: BandReading['cells'];
  meanScore: number;
  /** Unsure characters replaced by their runner-up under check-digit control. */
  repairs: CellRepair[];
  /** Characters too doubtful for the read to be accepted (see reading-confidence.ts). */
  doubtful: DoubtfulCell[];
}

/** Zone locator settings of the successive passes: reduced-copy size and threshold sensitivity. */
export const PHOTO_PASSES: readonly LocateOptions[] = [
  { detectionSide: 1400, sauvolaK: 0.25 },
  { detectionSide: 1000, sauvolaK: 0.4 },
  { detectionSide: 1800, sauvolaK: 0.15 },
];

/**
 * Mean correlation with the OCR-B glyphs from which a zone is taken to be printed in OCR-B (read
 * zones in OCR-B score about 0.91-0.97, other monospaced typefaces 0.84-0.93). Below it, the glyph
 * reader's reading (see mrz-image.reader.ts) is accepted only when tesseract, reading a cut-out, confirms it.
 */
export const OCR_B_MEAN_SCORE = 0.92;

/** Zones read in full per pass at most, likeliest first. */
const FULL_READS_PER_PASS = 4;
/** An upright zone looks like OCR-B and a turned one does not: a quick look scoring this much below the best is not read. */
const QUICK_SCORE_SLACK = 0.08;

/** A located zone and how much it looks like upright OCR-B at a quick look. */
export interface ScoredBand {
  band: MrzBand;
  score: number;
}

/**
 * The best reading of the pass, if any. `located`, when given, receives every zone the pass
 * located, likeliest first (a zone in another typeface may be read by other means).
 */
export function readZoneInPass(image: GrayImage, model: GlyphModel, pass: LocateOptions, now: Date, located?: ScoredBand[]): PhotoReading | undefined {
  const bands = locateMrzBands(image, pass);
  const scored = bands.map((band) => ({ band, score: quickScore(image, band, model) })).sort((a, b) => b.score - a.score);
  located?.push(...scored);
  const likeliest = scored.filter((b) => b.score >= scored[0]!.score - QUICK_SCORE_SLACK).slice(0, FULL_READS_PER_PASS);
  let best: PhotoReading | undefined;
  for (const { band } of likeliest) {
    const reading = readLocatedBand(image, band, model, now);
    if (!reading) continue;
    if (!best || isBetter(reading, best)) best = reading;
    if (reading.zone.valid) break;
  }
  return best;
}

/**
 * One located zone read in full with `model`, if it reads as a zone. Letter/digit doubts are
 * settled by the check digits (see withoutSettledLetterDigitDoubts) in zones that look like OCR-B,
 * or in any zone with `settleInAnyTypeface` (for a reading another reader must confirm character
 * for character).
 */
export function readLocatedBand(image: GrayImage, band: MrzBand, model: GlyphModel, now: Date, options: { settleInAnyTypeface?: boolean } = {}): PhotoReading | undefined {
  const read = readBand(image, band, model);
  if (!read) return undefined;
  const format = detectMrzFormat(read.lines);
  if (!format) return undefined;
  const layout = MRZ_LAYOUTS[format];
  const repaired = repairUnsureCells(read.lines, read.cells, layout);
  const zone = parseMrz(repaired.lines, { now, correctOcrErrors: true });
  if (!zone.ok || !looksLikeZone(zone)) return undefined;
  // Glyph margins say which character is the only alternative only in the glyphs' own typeface:
  // elsewhere a settled doubt stands only if another reader reads the same zone.
  const settle = options.settleInAnyTypeface === true || read.meanScore >= OCR_B_MEAN_SCORE;
  // A read another reader must confirm character for character (settleInAnyTypeface) is not held
  // back by a spent check digit: both readers would have to make the same two misreads.
  const doubtful = doubtsOfRead({
    zone, cells: read.cells, layout, lines: repaired.lines, repairs: repaired.repairs, settle, spentChecksCount: options.settleInAnyTypeface !== true, now,
  });
  return { zone, band, cells: read.cells, meanScore: read.meanScore, repairs: repaired.repairs, doubtful };
}

/**
 * The doubtful cells of a read (reading-confidence.ts), its letter/digit doubts settled by the
 * check digits when `settle`, and then, when `spentChecksCount`, the unsure cells of every field
 * whose check digit a repair spent (uncertain-cell.repair.ts spentCheckCells): a spent check digit
 * settles nothing, so those stay doubtful whatever the settling concluded. Pure.
 */
export function doubtsOfRead(read: {
  zone: ParsedZone; cells: BandReading['cells']; layout: MrzLayout; lines: readonly string[]; repairs: readonly CellRepair[]; settle: boolean; spentChecksCount: boolean; now: Date;
}): DoubtfulCell[] {
  const found = doubtfulCells(read.cells, read.layout);
  const settled = read.settle ? withoutSettledLetterDigitDoubts(read.zone, read.cells, found, read.now) : found;
  if (!read.spentChecksCount) return settled;
  const spent = spentCheckCells(read.lines, read.cells, read.layout, read.repairs).filter((s) => !settled.some((d) => d.line === s.line && d.index === s.index));
  return [...settled, ...spent.map((s) => ({ ...s, reason: 'spent_check' as const }))];
}

/** Letter/digit doubts in one read at most this many are settled by the check digits (2^n alternatives tried). */
const MAX_SETTLED_LETTER_DIGIT_DOUBTS = 4;

/**
 * A letter/digit doubt (a 0 barely ahead of an O in optional data) is settled when the read passes
 * every check digit and no other choice between the read characters and their runners-up at the
 * doubtful places does: then the composite check digit tells the two apart. Only in zones that
 * look like OCR-B: in another typeface a confident cell may be just as wrong (a DejaVu Sans Mono
 * 1 read I with a clear lead), so the doubtful cells are not the only places a swap may hide. When some other
 * choice also passes (two swaps cancelling, G for 6, visa optional data with no check digit), the
 * doubts stay and the read is not accepted.
 */
function withoutSettledLetterDigitDoubts(zone: ParsedZone, cells: BandReading['cells'], doubtful: DoubtfulCell[], now: Date): DoubtfulCell[] {
  const mixed = doubtful.filter((d) => d.reason === 'letter_or_digit');
  if (mixed.length === 0 || mixed.length > MAX_SETTLED_LETTER_DIGIT_DOUBTS || !zone.valid) return doubtful;
  if (mixed.some((d) => zone.lines[d.line]?.[d.index] !== cells[d.line]?.[d.index]?.char)) return doubtful;
  for (let choice = 1; choice < 1 << mixed.length; choice++) {
    const lines = zone.lines.map((line) => line.split(''));
    mixed.forEach((d, k) => {
      if (choice & (1 << k)) lines[d.line]![d.index] = cells[d.line]![d.index]!.runnerUp;
    });
    const other = parseMrz(lines.map((line) => line.join('')), { now });
    if (other.ok && other.valid) return doubtful;
  }
  return doubtful.filter((d) => d.reason !== 'letter_or_digit');
}

function isBetter(a: PhotoReading, b: PhotoReading): boolean {
  const rank = rankOf(a.zone) - rankOf(b.zone);
  return rank !== 0 ? rank < 0 : a.meanScore > b.meanScore;
}

// Mean best score of every third cell against any character.
function quickScore(image: GrayImage, band: MrzBand, model: GlyphModel): number {
  const cells = sampleBandCells(image, band, 3).flat();
  if (cells.length === 0) return -1;
  return cells.reduce((sum, patch) => sum + classifyCell(patch, model, MRZ_ALPHABET).score, 0) / cells.length;
}
