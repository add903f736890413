// Assigns each word of a page to a visual line: words whose vertical extents mostly overlap share
// a line. Lines are numbered top to bottom. Used for text-layer and OCR words alike, so the later
// stages see one notion of "the same line".

import type { DocumentWord } from '../document-text.js';

/** Two words share a line when their vertical overlap is at least this share of the smaller height. */
const SAME_LINE_OVERLAP = 0.5;

export function assignLines<W extends Omit<DocumentWord, 'line'>>(words: readonly W[]): (W & { line: number })[] {
  const sorted = [...words].sort((a, b) => a.bbox.top + a.bbox.height / 2 - (b.bbox.top + b.bbox.height / 2));
  const lines: { top: number; bottom: number; members: W[] }[] = [];
  for (const w of sorted) {
    const top = w.bbox.top;
    const bottom = w.bbox.top + w.bbox.height;
    // Compare with the last few lines only: a word belongs to a line near its own height.
    let home: (typeof lines)[number] | undefined;
    for (let i = lines.length - 1; i >= Math.max(0, lines.length - 4); i--) {
      const line = lines[i]!;
      const overlap = Math.min(bottom, line.bottom) - Math.max(top, line.top);
      const smaller = Math.min(bottom - top, line.bottom - line.top);
      if (smaller > 0 && overlap / smaller >= SAME_LINE_OVERLAP) {
        home = line;
        break;
      }
    }
    if (home) {
      home.members.push(w);
      // Keep the line's band from drifting with tall or subscript words: use the median word.
      const heights = home.members.map((m) => m.bbox.top + m.bbox.height / 2).sort((a, b) => a - b);
      const mid = heights[Math.floor(heights.length / 2)]!;
      const half = (home.bottom - home.top) / 2;
      home.top = Math.min(home.top, mid - half);
      home.bottom = Math.max(home.bottom, mid + half);
    } else {
      lines.push({ top, bottom, members: [w] });
    }
  }
  return lines.flatMap((line, index) => line.members.sort((a, b) => a.bbox.left - b.bbox.left).map((w) => ({ ...w, line: index })));
}
