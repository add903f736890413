// Reads one PDF page's text layer: pdf.js parses the page into operators, the interpreter places
// every glyph, and the words are built from the glyphs. Also measures how much of the page raster
// images cover, which tells a scanned page from a born-digital one.

import type { DocumentWord } from '../document-text.js';
import { boxAroundPoints } from '../location.js';
import { buildWords } from './glyph-words.builder.js';
import { interpretOperatorList, type GlyphFont, type InterpretedPage } from './pdf-glyphs.interpreter.js';
import { loadPdfJs, type PdfDocument } from './pdf-document.loader.js';
import type { Matrix } from './matrix.js';

export interface PdfPageLayer {
  number: number;
  width: number;
  height: number;
  words: Omit<DocumentWord, 'line'>[];
  image_coverage: number;
  interpreted: InterpretedPage;
}

/**
 * Reads page `pageNumber`. Annotation appearances (filled form fields, stamps) are part of the
 * page as shown and are included unless `includeAnnotations` is false (revision comparison leaves
 * them out: filling a form is not an edit of the document).
 */
export async function readPdfPage(doc: PdfDocument, pageNumber: number, includeAnnotations = true): Promise<PdfPageLayer> {
  const { AnnotationMode, OPS } = await loadPdfJs();
  const page = await doc.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const ops = await page.getOperatorList({ annotationMode: includeAnnotations ? AnnotationMode.ENABLE_FORMS : AnnotationMode.DISABLE });
    const fonts = (id: string): GlyphFont | undefined => {
      if (!page.commonObjs.has(id)) return undefined;
      const font = page.commonObjs.get(id) as { fontMatrix?: number[]; vertical?: boolean } | null;
      return font ? { fontMatrix: font.fontMatrix ?? [0.001, 0, 0, 0.001, 0, 0], vertical: Boolean(font.vertical) } : undefined;
    };
    const size = { width: viewport.width, height: viewport.height };
    const interpreted = interpretOperatorList(ops, OPS as unknown as Record<string, number>, fonts, { viewportTransform: viewport.transform as Matrix, ...size });
    return {
      number: pageNumber,
      ...size,
      words: buildWords(interpreted.glyphs, pageNumber, size),
      image_coverage: imageCoverage(interpreted),
      interpreted,
    };
  } finally {
    page.cleanup();
  }
}

/** Share of the page under raster images (overlaps counted once per pixel of a coarse grid). */
function imageCoverage(page: InterpretedPage): number {
  if (page.images.length === 0) return 0;
  const boxes = page.images.map((i) => boxAroundPoints(i.quad));
  const grid = 50;
  let covered = 0;
  for (let gx = 0; gx < grid; gx++) {
    for (let gy = 0; gy < grid; gy++) {
      const x = (gx + 0.5) / grid;
      const y = (gy + 0.5) / grid;
      if (boxes.some((b) => x >= b.left && x <= b.left + b.width && y >= b.top && y <= b.top + b.height)) covered++;
    }
  }
  return covered / (grid * grid);
}
