// Reads the machine-readable zone of an identity document image with tesseract: OCR restricted to
// MRZ characters, zone lines located in the output, OCR misreadings repaired under check-digit
// control. Tries the image as is, then at other scales. The fallback of mrz-image.reader.ts for
// zones the OCR-B glyph reader cannot read (other typefaces, zones it cannot locate).
//
// Several passes at different scales are combined as mrz/mrz-reading.decision.ts describes; a
// clean image is settled by its first two passes.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findMrzInText, type ParsedZone } from './mrz/mrz-in-text.finder.js';
import { confirmsEarlierReading, decideReading } from './mrz/mrz-reading.decision.js';
import { readingOutcome, type MrzOcrResult } from './mrz/mrz-reading.outcome.js';
import { preprocessForOcr } from './ocr/image-preprocessing.js';
import { ToolFailedError } from './ocr/command.runner.js';
import { MRZ_CHARACTERS, recogniseText } from './ocr/tesseract.runner.js';

export type { MrzOcrResult };

export interface ReadMrzOptions {
  now: Date;
  /** Limit for each tool invocation. */
  timeoutMs?: number;
}

interface OcrPass {
  /** Undefined: the image as uploaded. */
  scalePercent?: number;
  psm: 4 | 6;
}

// Chosen on generated documents (see test/identity/processing/fixtures/measure-mrz-ocr.ts): the
// order that settled most documents soonest; binarising did more harm than good.
const PASSES: readonly OcrPass[] = [
  { psm: 6 },
  { scalePercent: 70, psm: 6 },
  { psm: 4 },
  { scalePercent: 120, psm: 6 },
  { scalePercent: 50, psm: 6 },
  { scalePercent: 150, psm: 6 },
];

export async function readMrzWithTesseract(imagePath: string, options: ReadMrzOptions): Promise<MrzOcrResult> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const workDir = await mkdtemp(path.join(tmpdir(), 'clearwatch-mrz-'));
  try {
    const readings: ParsedZone[] = [];
    let passes = 0;
    let timedOut: ToolFailedError | undefined;
    for (const pass of PASSES) {
      passes++;
      let input = imagePath;
      if (pass.scalePercent) {
        input = path.join(workDir, `pass-${passes}.png`);
        await preprocessForOcr(imagePath, input, { scalePercent: pass.scalePercent, timeoutMs });
      }
      let text: string;
      try {
        text = await recogniseText(input, { psm: pass.psm, whitelist: MRZ_CHARACTERS, timeoutMs });
      } catch (error) {
        // Noisy photos can keep tesseract busy for long; another pass may still read the zone.
        // Only when no pass read anything is the timeout reported (for the caller to retry).
        if (error instanceof ToolFailedError && error.reason === 'timeout') {
          timedOut = error;
          continue;
        }
        throw error;
      }
      const zone = findMrzInText(text, options.now);
      if (!zone) continue;
      if (confirmsEarlierReading(readings, zone)) return readingOutcome({ kind: 'accepted', zone }, passes, options.now);
      readings.push(zone);
    }
    if (readings.length === 0 && timedOut) throw timedOut;
    return readingOutcome(decideReading(readings, options.now), passes, options.now);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
