// The page as the extractor sees it: visual lines of words, each word with its label tokens (label-tokens.ts), and
// helpers for the geometry that labels and values share (gaps in points, "below", "aligned").

import type { DocumentText, DocumentWord } from '../../document-text.js';
import { labelTokens } from '../label-tokens.js';

export interface LayoutWord {
  word: DocumentWord;
  tokens: string[];
  /** Position in its line. */
  index: number;
}

export interface LayoutLine {
  page: number;
  /** Order of the line in the whole document. */
  order: number;
  words: LayoutWord[];
  top: number;
  bottom: number;
  pageWidth: number;
  pageHeight: number;
}

export interface DocumentLayout {
  lines: LayoutLine[];
}

export function buildLayout(text: DocumentText): DocumentLayout {
  const lines: LayoutLine[] = [];
  for (const page of text.pages) {
    const byLine = new Map<number, DocumentWord[]>();
    for (const w of page.words) byLine.set(w.line, [...(byLine.get(w.line) ?? []), w]);
    for (const key of [...byLine.keys()].sort((a, b) => a - b)) {
      const words = byLine.get(key)!.sort((a, b) => a.bbox.left - b.bbox.left);
      lines.push({
        page: page.number,
        order: lines.length,
        words: words.map((word, index) => ({ word, tokens: labelTokens(word.text), index })),
        top: Math.min(...words.map((w) => w.bbox.top)),
        bottom: Math.max(...words.map((w) => w.bbox.top + w.bbox.height)),
        pageWidth: page.width,
        pageHeight: page.height,
      });
    }
  }
  return { lines };
}

/** Horizontal gap between two words of a line, in points (or pixels for images). */
export function gapBetween(line: LayoutLine, left: DocumentWord, right: DocumentWord): number {
  return (right.bbox.left - (left.bbox.left + left.bbox.width)) * line.pageWidth;
}

/** Typical height of the line's text in the page's units. */
export function lineHeight(line: LayoutLine): number {
  return (line.bottom - line.top) * line.pageHeight;
}

/** Words of a line from `start`, while the gaps stay smaller than a column gap. */
export function segmentFrom(line: LayoutLine, start: number): LayoutWord[] {
  const out: LayoutWord[] = [];
  const maxGap = Math.max(lineHeight(line) * 2.2, 8);
  for (let i = start; i < line.words.length; i++) {
    if (out.length > 0 && gapBetween(line, out[out.length - 1]!.word, line.words[i]!.word) > maxGap) break;
    out.push(line.words[i]!);
  }
  return out;
}
