// A page as a list of text items at positions (points from the top-left of an A4 page), which
// every writer (pdf-lib, pdfkit) draws the same way, so one document can be produced by several
// tools.

export interface TextItem {
  x: number;
  y: number;
  text: string;
  size: number;
  bold?: boolean;
  /** Right-align at x instead of starting there. */
  alignRight?: boolean;
}

export interface PageModel {
  items: TextItem[];
}

export const A4 = { width: 595.28, height: 841.89 };
