// Hidden text: words of the text layer that do not show on the rendered page — drawn invisible
// (rendering mode 3), in white on white, fully transparent, or covered by a shape drawn later.
// The page is rendered with poppler (pdftoppm, grey, low resolution) and the ink under each
// word's box is measured. Invisible text over a scanned image is the OCR layer of a searchable
// scan and is not reported.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from '../../../identity/documents/processing/ocr/command.runner.js';
import type { DocumentWord } from '../document-text.js';
import { locationsOfWords } from '../location.js';
import { raise, withDetail, type IndicatorLocation, type RaisedIndicator } from './indicator.js';
import { parsePgm, type GreyImage } from './pgm.js';

const RENDER_DPI = 100;
/** Longest side of a rendered page, in pixels: A3 at 100 dpi fits; a 200-inch page is scaled down instead of becoming a 400 MB bitmap. */
export const MAX_RENDER_SIDE = 2000;
/** A box whose darkest and lightest pixels differ by less than this (0-255) shows nothing. */
const MIN_CONTRAST = 40;

export interface HiddenTextPage {
  number: number;
  words: readonly DocumentWord[];
  image_coverage: number;
  /** Page size in points (1/72 inch). */
  width: number;
  height: number;
}

/** pdftoppm's resolution arguments for a page: 100 dpi, or scaled to MAX_RENDER_SIDE when that would be larger. */
export function renderResolution(page: Pick<HiddenTextPage, 'width' | 'height'>): string[] {
  const longest = (Math.max(page.width, page.height) / 72) * RENDER_DPI;
  return Number.isFinite(longest) && longest <= MAX_RENDER_SIDE ? ['-r', String(RENDER_DPI)] : ['-scale-to', String(MAX_RENDER_SIDE)];
}

export async function hiddenTextIndicators(filePath: string, pages: readonly HiddenTextPage[], timeoutMs: number): Promise<RaisedIndicator[]> {
  const found: IndicatorLocation[] = [];
  const workDir = await mkdtemp(path.join(tmpdir(), 'clearwatch-render-'));
  try {
    for (const page of pages) {
      const candidates = page.words.filter((w) => w.layer && /[\p{L}\p{N}]/u.test(w.text) && !(w.layer.render_mode === 3 && page.image_coverage > 0.5));
      if (candidates.length === 0) continue;
      const out = path.join(workDir, `p${page.number}`);
      await runCommand('pdftoppm', [...renderResolution(page), '-gray', '-singlefile', '-f', String(page.number), '-l', String(page.number), filePath, out], { timeoutMs });
      const image = parsePgm(await readFile(`${out}.pgm`));
      for (const w of candidates) {
        if (!showsInk(image, w)) for (const loc of locationsOfWords([w])) found.push(withDetail(loc, w.text, null));
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  return found.length ? [raise('hidden_text', `${found.length} word(s) of the text layer do not show on the page (invisible, white, transparent or covered).`, found)] : [];
}

export function showsInk(image: GreyImage, word: DocumentWord): boolean {
  const x0 = Math.max(0, Math.floor(word.bbox.left * image.width));
  const y0 = Math.max(0, Math.floor(word.bbox.top * image.height));
  const x1 = Math.min(image.width, Math.ceil((word.bbox.left + word.bbox.width) * image.width));
  const y1 = Math.min(image.height, Math.ceil((word.bbox.top + word.bbox.height) * image.height));
  if (x1 <= x0 || y1 <= y0) return true; // too small to judge: do not accuse
  let min = 255;
  let max = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const v = image.pixels[y * image.width + x]!;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  return max - min >= MIN_CONTRAST;
}
