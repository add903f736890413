// Extracts the text of a proof-of-address document: the PDF text layer with `pdftotext -layout`
// (keeping columns apart), or OCR with tesseract for images and for PDFs without a text layer
// (scans), rasterised with `pdftoppm`. Reads at most the first pages, where bills and statements
// put the holder, address and date.

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from './ocr/command.runner.js';
import { recogniseText } from './ocr/tesseract.runner.js';

export type ExtractableType = 'pdf' | 'png' | 'jpeg';

export interface ExtractedText {
  text: string;
  method: 'pdf_text_layer' | 'pdf_ocr' | 'image_ocr';
}

export interface ExtractTextOptions {
  timeoutMs?: number;
  maxPages?: number;
}

/** Fewer non-space characters than this in a PDF text layer means a scanned PDF. */
const MIN_TEXT_LAYER_CHARS = 40;
const OCR_DPI = '300';

export async function extractDocumentText(filePath: string, type: ExtractableType, options: ExtractTextOptions = {}): Promise<ExtractedText> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxPages = String(options.maxPages ?? 3);
  if (type !== 'pdf') return { text: await ocrPage(filePath, timeoutMs), method: 'image_ocr' };

  const layer = await runCommand('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', '1', '-l', maxPages, filePath, '-'], { timeoutMs });
  if (layer.replace(/\s/g, '').length >= MIN_TEXT_LAYER_CHARS) return { text: layer, method: 'pdf_text_layer' };

  const workDir = await mkdtemp(path.join(tmpdir(), 'clearwatch-pdf-'));
  try {
    await runCommand('pdftoppm', ['-r', OCR_DPI, '-gray', '-png', '-f', '1', '-l', maxPages, filePath, path.join(workDir, 'page')], { timeoutMs });
    const pages = (await readdir(workDir)).filter((f) => f.endsWith('.png')).sort();
    const texts: string[] = [];
    for (const page of pages) texts.push(await ocrPage(path.join(workDir, page), timeoutMs));
    return { text: texts.join('\n\f\n'), method: 'pdf_ocr' };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

function ocrPage(imagePath: string, timeoutMs: number): Promise<string> {
  // psm 4 (one column of variable-size text) with spaces preserved keeps side-by-side blocks
  // (address left, account details right) on the same lines but apart, like -layout.
  return recogniseText(imagePath, { psm: 4, preserveSpaces: true, timeoutMs });
}
