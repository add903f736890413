// The documented limits of the processing engine. Past them a document fails with a typed error
// instead of tying a worker up: a page count or file size out of range, or one OCR call too slow.

export interface AnalysisLimits {
  /** Largest file read, in bytes. */
  maxFileBytes: number;
  /** Most pages a document may have. */
  maxPages: number;
  /** Most pages read by OCR (scanned pages past it are listed in skipped_pages). */
  maxOcrPages: number;
  /** Time allowed for OCR of one page (tesseract), and for rendering it. */
  ocrTimeoutMsPerPage: number;
  /** Time allowed for any other single tool call (qpdf, pdfsig, rendering for forensics). */
  toolTimeoutMs: number;
  /** Most incremental-update revisions compared by forensics (the newest ones are kept). */
  maxRevisions: number;
  /**
   * Most bytes a PDF's streams may decode to (Flate, LZW, ASCII85/Hex, run-length; images in
   * DCT/JPX/JBIG2 stay encoded). Checked before pdf.js reads the file, because pdf.js keeps a
   * decoded stream whole in memory: a 25 MiB file of deflated zeros decodes to 25 GiB.
   */
  maxDecodedStreamBytes: number;
  /** Most pixels of one image pdf.js decodes (larger images are skipped, as a renderer would). */
  maxPdfImagePixels: number;
}

export const DEFAULT_ANALYSIS_LIMITS: Readonly<AnalysisLimits> = {
  maxFileBytes: 25 * 1024 * 1024,
  maxPages: 200,
  maxOcrPages: 20,
  ocrTimeoutMsPerPage: 60_000,
  toolTimeoutMs: 60_000,
  maxRevisions: 10,
  maxDecodedStreamBytes: 256 * 1024 * 1024,
  maxPdfImagePixels: 100_000_000,
};
