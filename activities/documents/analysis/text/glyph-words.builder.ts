// Groups placed glyphs into words. Glyphs join a word when they sit on one baseline and the gap
// between them is smaller than a space would be; a word also ends at a space glyph. Glyphs are
// first chained in drawing order (a producer draws a word's letters together) and the pieces then
// joined by position (a producer may draw a word in several operations, or an editor may have
// replaced a few letters of it). Pieces drawn on top of each other are never joined: that is
// an overlay, which forensics reports. The same text drawn twice at the same place (fake bold)
// is kept once.

import type { Point } from '../location.js';
import { boxAroundPoints } from '../location.js';
import type { DocumentWord } from '../document-text.js';
import type { PdfGlyph } from './pdf-glyphs.interpreter.js';

/** A gap wider than this share of the font size separates words (a space is about 0.25-0.33 em). */
const WORD_GAP_EM = 0.15;
/** Glyphs whose baselines differ by more than this share of the font size are on different lines. */
const BASELINE_TOLERANCE_EM = 0.3;

interface Piece {
  glyphs: PdfGlyph[];
  angle: number;
  /** Along-baseline start and end, and the baseline's perpendicular offset, in points. */
  u0: number;
  u1: number;
  v: number;
  size: number;
}

export interface PageSize {
  width: number;
  height: number;
}

export function buildWords(glyphs: readonly PdfGlyph[], page: number, size: PageSize): Omit<DocumentWord, 'line'>[] {
  const pieces = dedupeFakeBold(chainInDrawingOrder(glyphs, size));
  return joinByPosition(pieces).map((p) => toWord(p, page, size));
}

function toPoints(p: Point, size: PageSize): Point {
  return { x: p.x * size.width, y: p.y * size.height };
}

function glyphFrame(g: PdfGlyph, size: PageSize): { angle: number; u0: number; u1: number; v: number } {
  const bl = toPoints(g.quad[0], size);
  const br = toPoints(g.quad[1], size);
  const end = toPoints(g.end, size);
  let angle = Math.atan2(br.y - bl.y, br.x - bl.x);
  if (Math.hypot(br.x - bl.x, br.y - bl.y) < 1e-6) angle = Math.atan2(end.y - bl.y, end.x - bl.x) || 0;
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  const u = (p: Point) => p.x * cos - p.y * sin;
  const v = (p: Point) => p.x * sin + p.y * cos;
  return { angle: Math.round((angle * 180) / Math.PI), u0: u(bl), u1: u(br), v: v(bl) };
}

function chainInDrawingOrder(glyphs: readonly PdfGlyph[], size: PageSize): Piece[] {
  const pieces: Piece[] = [];
  let current: Piece | null = null;
  for (const g of glyphs) {
    if (g.isSpace) {
      current = null;
      continue;
    }
    const f = glyphFrame(g, size);
    const fits =
      current !== null &&
      current.angle === f.angle &&
      Math.abs(current.v - f.v) <= BASELINE_TOLERANCE_EM * Math.max(current.size, g.size) &&
      f.u0 - current.u1 <= WORD_GAP_EM * Math.max(current.size, g.size) &&
      f.u0 - current.u1 >= -0.5 * Math.max(current.size, g.size);
    if (current && fits) {
      current.glyphs.push(g);
      current.u1 = Math.max(current.u1, f.u1);
      current.size = Math.max(current.size, g.size);
    } else {
      current = { glyphs: [g], angle: f.angle, u0: f.u0, u1: f.u1, v: f.v, size: g.size };
      pieces.push(current);
    }
  }
  return pieces;
}

const textOf = (p: Piece) => p.glyphs.map((g) => g.text).join('');

function dedupeFakeBold(pieces: Piece[]): Piece[] {
  const kept: Piece[] = [];
  for (const p of pieces) {
    const twin = kept.find((k) => k.angle === p.angle && textOf(k) === textOf(p) && Math.abs(k.u0 - p.u0) < 0.1 * p.size && Math.abs(k.v - p.v) < 0.1 * p.size);
    if (!twin) kept.push(p);
  }
  return kept;
}

function joinByPosition(pieces: Piece[]): Piece[] {
  const sorted = [...pieces].sort((a, b) => a.angle - b.angle || a.v - b.v || a.u0 - b.u0);
  const used = new Set<Piece>();
  const words: Piece[] = [];
  for (const start of sorted) {
    if (used.has(start)) continue;
    used.add(start);
    const word: Piece = { ...start, glyphs: [...start.glyphs] };
    for (;;) {
      const tolerance = (n: Piece) => Math.max(word.size, n.size);
      const next = sorted.find(
        (n) =>
          !used.has(n) &&
          n.angle === word.angle &&
          Math.abs(n.v - word.v) <= BASELINE_TOLERANCE_EM * tolerance(n) &&
          n.u0 - word.u1 <= WORD_GAP_EM * tolerance(n) &&
          n.u0 - word.u1 >= -0.1 * tolerance(n),
      );
      if (!next) break;
      used.add(next);
      word.glyphs.push(...next.glyphs);
      word.u1 = Math.max(word.u1, next.u1);
      word.size = Math.max(word.size, next.size);
    }
    words.push(word);
  }
  return words;
}

function toWord(p: Piece, page: number, size: PageSize): Omit<DocumentWord, 'line'> {
  const first = p.glyphs[0]!;
  const last = p.glyphs[p.glyphs.length - 1]!;
  const corners: Point[] = [first.quad[0], last.quad[1], last.quad[2], first.quad[3]];
  const upright = p.angle === 0;
  const fonts: string[] = [];
  for (const g of p.glyphs) if (fonts[fonts.length - 1] !== g.font) fonts.push(g.font);
  // A change inside a run of letters, digits and number separators, not at a label's colon:
  // "Total:" in bold touching its value in regular type is typography; "[7],584.32" with one
  // digit in another font is an edit.
  const alnum = (t: string) => /^[\p{L}\p{N}.,'’/-]+$/u.test(t);
  const changeInRun = p.glyphs.some((g, i) => i > 0 && g.font !== p.glyphs[i - 1]!.font && alnum(g.text) && alnum(p.glyphs[i - 1]!.text));
  return {
    text: textOf(p).normalize('NFC'),
    page,
    bbox: boxAroundPoints(p.glyphs.flatMap((g) => g.quad)),
    polygon: upright ? null : corners.map((c) => ({ x: round(c.x), y: round(c.y) })),
    font_size: Math.round(p.size * 100) / 100,
    confidence: null,
    layer: {
      fonts,
      font_change_in_run: changeInRun,
      color: first.color,
      render_mode: first.alpha < 0.05 ? 3 : first.renderMode,
      draw_order: Math.min(...p.glyphs.map((g) => g.order)),
    },
  };
}

const round = (v: number) => Math.round(v * 1e5) / 1e5;
