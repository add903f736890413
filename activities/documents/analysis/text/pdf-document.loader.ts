// Opens a PDF with pdf.js (pdfjs-dist, pinned) and turns its failures into the engine's typed
// errors: a password, a file that is not a PDF, a PDF without pages. Nothing is fetched: fonts
// and character maps come from the package folder. pdf.js is loaded on first use: a worker that
// never opens a PDF (say, one serving only the screening queues) does not carry it (over 100 MB
// of RSS under the tsx loader).

import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';
import { DocumentAnalysisError } from '../analysis-errors.js';
import { DEFAULT_ANALYSIS_LIMITS } from '../analysis-limits.js';

const packageDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export type PdfDocument = PDFDocumentProxy;

export interface OpenedPdf {
  doc: PdfDocument;
  /** Frees pdf.js's resources for the document. */
  close: () => Promise<void>;
}
export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loading: Promise<PdfJs> | undefined;

/** The pdf.js module, imported once on first use. */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return loading;
}

export interface OpenPdfOptions {
  /** Images with more pixels are not decoded (pdf.js `maxImageSize`). */
  maxImagePixels?: number;
}

export async function openPdf(bytes: Uint8Array, options: OpenPdfOptions = {}): Promise<OpenedPdf> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js may transfer (detach) the buffer it is given: hand it a copy.
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
    standardFontDataUrl: path.join(packageDir, 'standard_fonts') + path.sep,
    cMapUrl: path.join(packageDir, 'cmaps') + path.sep,
    cMapPacked: true,
    wasmUrl: path.join(packageDir, 'wasm') + path.sep,
    stopAtErrors: false,
    // Hostile files: no image decoded past the pixel limit.
    maxImageSize: options.maxImagePixels ?? DEFAULT_ANALYSIS_LIMITS.maxPdfImagePixels,
  });
  let doc: PdfDocument;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new DocumentAnalysisError('pdf_password_protected', 'the PDF needs a password to open; upload it without a password');
    throw new DocumentAnalysisError('file_unreadable', `the PDF could not be parsed (${(error as Error).message ?? 'unknown error'})`);
  }
  const close = () => task.destroy().catch(() => undefined);
  if (doc.numPages < 1) {
    await close();
    throw new DocumentAnalysisError('pdf_no_pages', 'the PDF has no pages');
  }
  return { doc, close };
}
