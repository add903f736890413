// Reads the words of one raster page (an image file, a frame of a TIFF or a rendered PDF page)
// with tesseract: ImageMagick straightens the page first (-deskew) and small pictures are
// enlarged (tesseract wants capitals of 20+ pixels); word boxes are mapped back onto the page as
// uploaded, so a skewed scan gets rotated polygons that sit on its own pixels.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from '../../../identity/documents/processing/ocr/command.runner.js';
import type { DocumentWord } from '../document-text.js';
import { DocumentAnalysisError } from '../analysis-errors.js';
import { boxAroundPoints } from '../location.js';
import { withToolErrors } from '../tools/tool-errors.js';
import { boxCornersOnOriginal, type DeskewFrame } from './deskew-geometry.js';
import { parseTesseractTsv } from './tesseract-tsv.parser.js';
import { assignLines } from './text-lines.js';

export interface OcrOptions {
  timeoutMs: number;
  /** Frame of a multi-page image (TIFF), 0-based. */
  frame?: number;
  /** tesseract language models joined with '+', e.g. 'eng+deu'. */
  languages: string;
}

export interface OcrPageResult {
  /** Page size in pixels as uploaded (after EXIF orientation). */
  width: number;
  height: number;
  /** Words with their line, found on the straightened page. */
  words: DocumentWord[];
  mean_confidence: number;
  skew_degrees: number;
}

/** Pages narrower than this (pixels) are enlarged before OCR. */
const MIN_OCR_WIDTH = 1600;
/** Words tesseract is less sure of than this (0-100) are noise more often than text. */
const MIN_WORD_CONFIDENCE = 15;
/** Skew below this (degrees) is not worth a polygon. */
const POLYGON_MIN_SKEW = 0.3;

export async function ocrPage(imagePath: string, pageNumber: number, options: OcrOptions): Promise<OcrPageResult> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'clearwatch-ocr-'));
  try {
    const prepared = path.join(workDir, 'page.png');
    const frame = await withToolErrors(() => straighten(`${imagePath}[${options.frame ?? 0}]`, prepared, options.timeoutMs), 'ocr_timeout', 'file_unreadable', `page ${pageNumber} could not be prepared for OCR`);
    const tsv = await withToolErrors(
      () => runCommand('tesseract', [prepared, 'stdout', '-l', options.languages, '--psm', '3', 'tsv'], { timeoutMs: options.timeoutMs, env: { OMP_THREAD_LIMIT: '1' } }),
      'ocr_timeout',
      'file_unreadable',
      `OCR of page ${pageNumber}`,
    );
    const ocr = parseTesseractTsv(tsv);
    const kept = ocr.words.filter((w) => w.confidence >= MIN_WORD_CONFIDENCE);
    const pointsPerPixel = frame.scale;
    // Lines are found on the straightened page (a skewed row is one line there), then every word is
    // mapped back onto the page as uploaded.
    const straight = assignLines(
      kept.map((w, index) => ({
        text: String(index),
        page: pageNumber,
        bbox: { left: w.left / frame.deskewedWidth, top: w.top / frame.deskewedHeight, width: w.width / frame.deskewedWidth, height: w.height / frame.deskewedHeight },
        polygon: null,
        font_size: w.height,
        confidence: null,
        layer: null,
      })),
    );
    const lineOf = new Map(straight.map((w) => [Number(w.text), w.line]));
    const words: DocumentWord[] = kept.map((w, index) => {
      const corners = boxCornersOnOriginal(w, frame);
      return {
        text: w.text.normalize('NFC'),
        page: pageNumber,
        bbox: boxAroundPoints(corners),
        polygon: Math.abs(frame.degrees) >= POLYGON_MIN_SKEW ? corners.map((c) => ({ x: round(c.x), y: round(c.y) })) : null,
        line: lineOf.get(index) ?? 0,
        font_size: Math.round((w.height / pointsPerPixel) * 100) / 100,
        confidence: Math.round(w.confidence * 10) / 10,
        layer: null,
      };
    });
    const mean = kept.length ? kept.reduce((s, w) => s + w.confidence, 0) / kept.length : 0;
    return {
      width: Math.round(frame.originalWidth / frame.scale),
      height: Math.round(frame.originalHeight / frame.scale),
      words,
      mean_confidence: Math.round(mean * 10) / 10,
      skew_degrees: Math.round(frame.degrees * 100) / 100,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function straighten(input: string, output: string, timeoutMs: number): Promise<DeskewFrame & { scale: number }> {
  const size = await runCommand('convert', [input, '-auto-orient', '-format', '%w %h', 'info:-'], { timeoutMs });
  const [w, h] = size.trim().split(/\s+/).map(Number) as [number, number];
  if (!(w > 0 && h > 0)) throw new DocumentAnalysisError('file_unreadable', 'the image has no size');
  const scale = w < MIN_OCR_WIDTH ? Math.min(4, MIN_OCR_WIDTH / w) : 1;
  const args = [input, '-auto-orient', '-colorspace', 'Gray', '-background', 'white', '-alpha', 'remove'];
  if (scale !== 1) args.push('-resize', `${Math.round(scale * 100)}%`);
  args.push('-deskew', '40%', '+repage', '-format', '%[deskew:angle] %w %h', '-write', 'info:-', output);
  const out = await runCommand('convert', args, { timeoutMs });
  const [angle, dw, dh] = out.trim().split(/\s+/).map(Number) as [number, number, number];
  return {
    degrees: Number.isFinite(angle) ? angle : 0,
    originalWidth: w * scale,
    originalHeight: h * scale,
    deskewedWidth: dw,
    deskewedHeight: dh,
    scale,
  };
}

const round = (v: number) => Math.round(v * 1e5) / 1e5;
