// Stage 1: the text of a document with the position of every word. PDF pages are read from their
// text layer; pages without one (scans), and image files, are read by OCR. Limits are checked
// before any heavy work: file size, page count, OCR pages and time per page.

import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { runCommand, ToolFailedError } from '../../../identity/documents/processing/ocr/command.runner.js';
import { DEFAULT_ANALYSIS_LIMITS, type AnalysisLimits } from '../analysis-limits.js';
import { DocumentAnalysisError } from '../analysis-errors.js';
import type { DocumentFileType, DocumentText, PageText } from '../document-text.js';
import { checkFileType } from '../file-type.js';
import { withToolErrors } from '../tools/tool-errors.js';
import { defaultOcrLanguages } from './ocr-languages.js';
import { ocrPage } from './ocr-page.reader.js';
import { checkPdfDecodedSize } from './pdf-decoded-size.check.js';
import { readPdfLayers } from './pdf-layers.reader.js';
import { assignLines } from './text-lines.js';

export interface ExtractTextOptions {
  limits?: Partial<AnalysisLimits>;
  /** tesseract languages ('eng+deu'); default: English, German, French, Spanish as installed. */
  ocrLanguages?: string;
  /** Called after each page, e.g. to heartbeat a Temporal activity. */
  onProgress?: (done: number, total: number) => void;
}

/** A PDF page with fewer non-space characters than this in its text layer is read by OCR. */
const MIN_TEXT_LAYER_CHARS = 10;
const OCR_DPI = 300;
/** Longest side of a page rendered for OCR, in pixels (posters would otherwise be huge). */
const MAX_RENDER_PIXELS = 4200;

export async function extractDocumentText(filePath: string, declaredContentType: string | null, options: ExtractTextOptions = {}): Promise<DocumentText> {
  const limits = { ...DEFAULT_ANALYSIS_LIMITS, ...options.limits };
  const type = await checkFile(filePath, declaredContentType, limits);
  const languages = options.ocrLanguages ?? (await defaultOcrLanguages());
  return type === 'pdf' ? readPdf(filePath, limits, languages, options.onProgress) : readImage(filePath, type, limits, languages, options.onProgress);
}

/** Checks size and type; returns the real type. Also used by the fraud stage. */
export async function checkFile(filePath: string, declaredContentType: string | null, limits: AnalysisLimits): Promise<DocumentFileType> {
  const info = await stat(filePath).catch(() => null);
  if (!info || !info.isFile()) throw new DocumentAnalysisError('file_unreadable', 'the file does not exist or is not a regular file');
  if (info.size === 0) throw new DocumentAnalysisError('file_unreadable', 'the file is empty');
  if (info.size > limits.maxFileBytes) throw new DocumentAnalysisError('file_too_large', `the file has ${info.size} bytes; at most ${limits.maxFileBytes} are read`);
  const handle = await open(filePath, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    return checkFileType(buffer.subarray(0, bytesRead), declaredContentType);
  } finally {
    await handle.close();
  }
}

async function readPdf(filePath: string, limits: AnalysisLimits, languages: string, onProgress?: (d: number, t: number) => void): Promise<DocumentText> {
  await checkPdfDecodedSize(filePath, limits);
  // pdf.js reads the pages in a thread with a heap limit (see pdf-layers.reader.ts).
  const { numPages, layers } = await readPdfLayers(await readFile(filePath), {
    maxPages: limits.maxPages, maxImagePixels: limits.maxPdfImagePixels, includeAnnotations: true, onPage: onProgress,
  });
  if (numPages > limits.maxPages) throw new DocumentAnalysisError('too_many_pages', `the PDF has ${numPages} pages; at most ${limits.maxPages} are read`);
  const pages: PageText[] = [];
  const skipped: number[] = [];
  let ocrPages = 0;
  for (const layer of layers) {
    const n = layer.number;
    const chars = layer.words.reduce((s, w) => s + w.text.length, 0);
    const page: PageText = { number: n, width: round2(layer.width), height: round2(layer.height), source: 'text_layer', words: assignLines(layer.words), image_coverage: round2(layer.image_coverage), ocr: null };
    if (chars < MIN_TEXT_LAYER_CHARS) {
      if (ocrPages < limits.maxOcrPages) {
        ocrPages++;
        const ocr = await ocrPdfPage(filePath, n, layer.width, layer.height, limits, languages);
        Object.assign(page, { source: ocr.words.length ? 'ocr' : 'none', words: ocr.words, ocr: { mean_confidence: ocr.mean_confidence, skew_degrees: ocr.skew_degrees } });
      } else {
        skipped.push(n);
        page.source = 'none';
      }
    }
    pages.push(page);
    onProgress?.(n, numPages);
  }
  return { file_type: 'pdf', page_count: numPages, pages, skipped_pages: skipped };
}

async function ocrPdfPage(filePath: string, n: number, widthPt: number, heightPt: number, limits: AnalysisLimits, languages: string) {
  const workDir = await mkdtemp(path.join(tmpdir(), 'clearwatch-page-'));
  try {
    const longest = (Math.max(widthPt, heightPt) / 72) * OCR_DPI;
    const resolution = longest > MAX_RENDER_PIXELS ? ['-scale-to', String(MAX_RENDER_PIXELS)] : ['-r', String(OCR_DPI)];
    const out = path.join(workDir, 'page');
    await withToolErrors(
      () => runCommand('pdftoppm', [...resolution, '-gray', '-png', '-singlefile', '-f', String(n), '-l', String(n), filePath, out], { timeoutMs: limits.ocrTimeoutMsPerPage }),
      'ocr_timeout',
      'file_unreadable',
      `rendering page ${n}`,
    );
    return await ocrPage(`${out}.png`, n, { timeoutMs: limits.ocrTimeoutMsPerPage, languages });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function readImage(filePath: string, type: DocumentFileType, limits: AnalysisLimits, languages: string, onProgress?: (d: number, t: number) => void): Promise<DocumentText> {
  const frames = type === 'tiff' ? await countFrames(filePath, limits) : 1;
  if (frames > limits.maxPages) throw new DocumentAnalysisError('too_many_pages', `the image has ${frames} pages; at most ${limits.maxPages} are read`);
  const pages: PageText[] = [];
  const skipped: number[] = [];
  for (let i = 0; i < frames; i++) {
    const n = i + 1;
    if (i >= limits.maxOcrPages) {
      skipped.push(n);
      continue;
    }
    const ocr = await ocrPage(filePath, n, { timeoutMs: limits.ocrTimeoutMsPerPage, languages, frame: i });
    pages.push({ number: n, width: ocr.width, height: ocr.height, source: ocr.words.length ? 'ocr' : 'none', words: ocr.words, image_coverage: 1, ocr: { mean_confidence: ocr.mean_confidence, skew_degrees: ocr.skew_degrees } });
    onProgress?.(n, frames);
  }
  return { file_type: type, page_count: frames, pages, skipped_pages: skipped };
}

async function countFrames(filePath: string, limits: AnalysisLimits): Promise<number> {
  // ImageMagick keeps every page it lists in memory: it stops one past the limit (list-length).
  const listed = runCommand('identify', ['-limit', 'list-length', String(limits.maxPages + 1), '-format', 'x\n', filePath], { timeoutMs: limits.toolTimeoutMs }).catch((error: unknown) => {
    if (error instanceof ToolFailedError && /list length exceeds limit/i.test(error.stderr)) {
      throw new DocumentAnalysisError('too_many_pages', `the image has more than ${limits.maxPages} pages; at most ${limits.maxPages} are read`);
    }
    throw error;
  });
  const out = await withToolErrors(() => listed, 'ocr_timeout', 'file_unreadable', 'reading the TIFF');
  const frames = out.split('\n').filter((l) => l === 'x').length;
  if (frames === 0) throw new DocumentAnalysisError('file_unreadable', 'the TIFF has no readable pages');
  return frames;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
