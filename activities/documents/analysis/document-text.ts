// The output of the text stage: every word of the document with its page and position, grouped
// into visual lines. Both text layers and OCR produce this shape, so later stages never ask where
// the text came from (except forensics, which reads the text-layer details).

import type { NormalizedBox, Point } from './location.js';

export interface DocumentWord {
  text: string;
  page: number;
  bbox: NormalizedBox;
  polygon: Point[] | null;
  /** Index of the visual line on its page (top to bottom), see text/text-lines.ts. */
  line: number;
  /** Height of the text in points (text layer) or of the word box in points (OCR). */
  font_size: number;
  /** OCR confidence 0..100; null for text-layer words. */
  confidence: number | null;
  /** Text-layer details used by forensics; null for OCR words. */
  layer: TextLayerDetail | null;
}

export interface TextLayerDetail {
  /** Font resource ids in the order their glyphs appear (more than one: a font change inside the word). */
  fonts: string[];
  /** The font changes between two letters or digits (not only at punctuation); absent in older outputs. */
  font_change_in_run?: boolean;
  /** Fill colour as #rrggbb of the first glyph. */
  color: string;
  /** PDF text rendering mode (3 = invisible, 7 = clip only). */
  render_mode: number;
  /** Position of the word's first glyph in the page's drawing order. */
  draw_order: number;
}

export type PageTextSource = 'text_layer' | 'ocr' | 'none';

export interface PageText {
  number: number;
  /** Page size in points (PDF) or pixels at the image's resolution (images). */
  width: number;
  height: number;
  source: PageTextSource;
  words: DocumentWord[];
  /** Area share of the page covered by raster images (PDF pages), 0..1. */
  image_coverage: number;
  ocr: { mean_confidence: number; skew_degrees: number } | null;
}

export type DocumentFileType = 'pdf' | 'png' | 'jpeg' | 'tiff';

export interface DocumentText {
  file_type: DocumentFileType;
  page_count: number;
  pages: PageText[];
  /** Pages whose text could not be read within the limits (e.g. past the OCR page limit). */
  skipped_pages: number[];
}

/** The document's words in reading order (page, line, left to right). */
export function wordsInReadingOrder(text: DocumentText): DocumentWord[] {
  return text.pages.flatMap((p) => [...p.words].sort((a, b) => a.line - b.line || a.bbox.left - b.bbox.left));
}
