// Replays a page's operator list (as pdf.js parses it) through the PDF text state machine to place
// every glyph on the page: its outline, font, colour, rendering mode and drawing order. pdf.js's own
// text extraction gives runs without per-glyph positions, colours or rendering modes, which word
// boxes and forensics (hidden text, overlays, font changes) need. Pure: the caller supplies the
// operator list, the fonts and the page's viewport.

import type { Point } from '../location.js';
import { multiply, transformPoint, type Matrix } from './matrix.js';

/** pdf.js operator codes used here (pdfjs-dist's OPS table). */
export interface OperatorCodes {
  [name: string]: number;
}

export interface GlyphFont {
  fontMatrix: readonly number[];
  vertical: boolean;
}

export interface PdfGlyph {
  text: string;
  /** Outline corners in page coordinates normalised 0..1 (origin top-left): bottom-left, bottom-right, top-right, top-left. */
  quad: [Point, Point, Point, Point];
  /** Where the next glyph would start (normalised), for spacing decisions. */
  end: Point;
  font: string;
  /** Effective size in points on the page. */
  size: number;
  color: string;
  renderMode: number;
  /** Fill opacity 0..1 (graphics state `ca`). */
  alpha: number;
  isSpace: boolean;
  /** Glyph index in drawing order on the page. */
  order: number;
  /** Index of the text-showing operation that drew it. */
  run: number;
}

export interface PlacedImage {
  /** Normalised corners of the image on the page. */
  quad: [Point, Point, Point, Point];
}

export interface InterpretedPage {
  glyphs: PdfGlyph[];
  images: PlacedImage[];
}

export interface PageGeometry {
  /** pdf.js viewport transform: PDF user space → top-left page space in points. */
  viewportTransform: Matrix;
  width: number;
  height: number;
}

interface GraphicsState {
  ctm: Matrix;
  font: string | null;
  fontSize: number;
  fontDirection: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  renderMode: number;
  color: string;
  alpha: number;
  textMatrix: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
// Vertical extent of a glyph as a share of the font size; real fonts differ a little, and word
// boxes only need to cover the ink closely enough to draw them and to compare overlaps.
const ASCENT = 0.78;
const DESCENT = 0.22;

interface RawGlyph {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
  vmetric?: number[];
}

export function interpretOperatorList(
  ops: { fnArray: readonly number[]; argsArray: readonly unknown[] },
  OPS: OperatorCodes,
  fonts: (id: string) => GlyphFont | undefined,
  geometry: PageGeometry,
): InterpretedPage {
  const glyphs: PdfGlyph[] = [];
  const images: PlacedImage[] = [];
  const stack: GraphicsState[] = [];
  let s: GraphicsState = {
    ctm: IDENTITY, font: null, fontSize: 0, fontDirection: 1, charSpacing: 0, wordSpacing: 0, hScale: 1, leading: 0, rise: 0,
    renderMode: 0, color: '#000000', alpha: 1, textMatrix: IDENTITY, x: 0, y: 0, lineX: 0, lineY: 0,
  };
  const toPage = (p: Point, m: Matrix): Point => {
    const user = transformPoint(m, p);
    const v = transformPoint(geometry.viewportTransform, user);
    return { x: v.x / geometry.width, y: v.y / geometry.height };
  };
  const push = () => stack.push({ ...s });
  const pop = () => {
    const prev = stack.pop();
    if (prev) s = prev;
  };
  const setFont = (id: unknown, size: unknown) => {
    s.font = typeof id === 'string' ? id : null;
    const n = typeof size === 'number' ? size : 0;
    s.fontDirection = n < 0 ? -1 : 1;
    s.fontSize = Math.abs(n);
  };
  const moveText = (tx: number, ty: number) => {
    s.x = s.lineX += tx;
    s.y = s.lineY += ty;
  };
  let run = 0;

  const showText = (items: readonly (RawGlyph | number)[]) => {
    const font = s.font ? fonts(s.font) : undefined;
    if (!s.font || !font || s.fontSize === 0) return;
    run++;
    const fontMatrixScale = font.fontMatrix[0] || 0.001;
    const widthAdvanceScale = s.fontSize * fontMatrixScale;
    const th = s.hScale * s.fontDirection;
    const textToUser = multiply(s.textMatrix, s.ctm);
    const sizeOnPage = s.fontSize * Math.hypot(textToUser[2], textToUser[3]);
    let x = 0;
    for (const item of items) {
      if (typeof item === 'number') {
        x += (font.vertical ? 1 : -1) * item * s.fontSize / 1000;
        continue;
      }
      const spacing = (item.isSpace ? s.wordSpacing : 0) + s.charSpacing;
      const width = font.vertical ? -(item.vmetric?.[0] ?? -(item.width ?? 0)) : (item.width ?? 0);
      const advance = font.vertical ? width * widthAdvanceScale - spacing * s.fontDirection : width * widthAdvanceScale + spacing * s.fontDirection;
      const glyphAdvance = width * widthAdvanceScale;
      const x0 = s.x + x * th;
      const x1 = s.x + (x + glyphAdvance) * th;
      const y0 = s.y + s.rise - DESCENT * s.fontSize;
      const y1 = s.y + s.rise + ASCENT * s.fontSize;
      const text = item.unicode ?? '';
      if (text !== '') {
        glyphs.push({
          text,
          quad: [toPage({ x: x0, y: y0 }, textToUser), toPage({ x: x1, y: y0 }, textToUser), toPage({ x: x1, y: y1 }, textToUser), toPage({ x: x0, y: y1 }, textToUser)],
          end: toPage({ x: s.x + (x + advance) * th, y: s.y + s.rise }, textToUser),
          font: s.font,
          size: sizeOnPage,
          color: s.color,
          renderMode: s.renderMode,
          alpha: s.alpha,
          isSpace: Boolean(item.isSpace) || /^\s+$/u.test(text),
          order: glyphs.length,
          run,
        });
      }
      x += advance;
    }
    if (font.vertical) s.y -= x;
    else s.x += x * th;
  };

  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = (ops.argsArray[i] ?? []) as unknown[];
    switch (fn) {
      case OPS.save: push(); break;
      case OPS.restore: pop(); break;
      case OPS.transform: s.ctm = multiply(args.slice(0, 6) as unknown as Matrix, s.ctm); break;
      case OPS.paintFormXObjectBegin: {
        push();
        const m = args[0];
        if (isMatrix(m)) s.ctm = multiply(toMatrix(m), s.ctm);
        break;
      }
      case OPS.paintFormXObjectEnd: pop(); break;
      case OPS.beginGroup: {
        push();
        const m = (args[0] as { matrix?: unknown } | undefined)?.matrix;
        if (isMatrix(m)) s.ctm = multiply(toMatrix(m), s.ctm);
        break;
      }
      case OPS.endGroup: pop(); break;
      case OPS.beginAnnotation: {
        push();
        const [, , transform, matrix] = args;
        s.ctm = IDENTITY;
        if (isMatrix(transform)) s.ctm = multiply(toMatrix(transform), s.ctm);
        if (isMatrix(matrix)) s.ctm = multiply(toMatrix(matrix), s.ctm);
        break;
      }
      case OPS.endAnnotation: pop(); break;
      case OPS.beginText: s.textMatrix = IDENTITY; s.x = s.y = s.lineX = s.lineY = 0; break;
      case OPS.setCharSpacing: s.charSpacing = Number(args[0]) || 0; break;
      case OPS.setWordSpacing: s.wordSpacing = Number(args[0]) || 0; break;
      case OPS.setHScale: s.hScale = (Number(args[0]) || 100) / 100; break;
      case OPS.setLeading: s.leading = -(Number(args[0]) || 0); break;
      case OPS.setFont: setFont(args[0], args[1]); break;
      case OPS.setTextRenderingMode: s.renderMode = Number(args[0]) || 0; break;
      case OPS.setTextRise: s.rise = Number(args[0]) || 0; break;
      case OPS.moveText: moveText(Number(args[0]) || 0, Number(args[1]) || 0); break;
      case OPS.setLeadingMoveText: s.leading = Number(args[1]) || 0; moveText(Number(args[0]) || 0, Number(args[1]) || 0); break;
      case OPS.setTextMatrix: {
        const m = args.length === 1 ? args[0] : args;
        if (isMatrix(m)) s.textMatrix = toMatrix(m);
        s.x = s.y = s.lineX = s.lineY = 0;
        break;
      }
      case OPS.nextLine: moveText(0, s.leading); break;
      case OPS.showText:
      case OPS.showSpacedText: showText(args[0] as (RawGlyph | number)[]); break;
      case OPS.nextLineShowText: moveText(0, s.leading); showText(args[0] as (RawGlyph | number)[]); break;
      case OPS.nextLineSetSpacingShowText:
        s.wordSpacing = Number(args[0]) || 0;
        s.charSpacing = Number(args[1]) || 0;
        moveText(0, s.leading);
        showText(args[2] as (RawGlyph | number)[]);
        break;
      case OPS.setFillRGBColor: s.color = colorOf(args); break;
      case OPS.setFillGray: s.color = grayOf(args[0]); break;
      case OPS.setFillTransparent: s.color = 'transparent'; break;
      case OPS.setGState: applyGState(s, args[0], setFont); break;
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintImageXObjectRepeat:
      case OPS.paintSolidColorImageMask: {
        const m = s.ctm;
        images.push({ quad: [toPage({ x: 0, y: 0 }, m), toPage({ x: 1, y: 0 }, m), toPage({ x: 1, y: 1 }, m), toPage({ x: 0, y: 1 }, m)] });
        break;
      }
      default: break;
    }
  }
  return { glyphs, images };
}

function isMatrix(m: unknown): m is ArrayLike<number> {
  return m !== null && typeof m === 'object' && typeof (m as ArrayLike<number>).length === 'number' && (m as ArrayLike<number>).length >= 6;
}

function toMatrix(m: ArrayLike<number>): Matrix {
  return [m[0]!, m[1]!, m[2]!, m[3]!, m[4]!, m[5]!];
}

function colorOf(args: unknown[]): string {
  if (typeof args[0] === 'string') return args[0].toLowerCase();
  const parts = (isMatrix(args[0]) ? Array.from(args[0] as ArrayLike<number>) : args).slice(0, 3).map(Number);
  const scale = parts.every((v) => v <= 1) ? 255 : 1;
  return '#' + parts.map((v) => Math.round(v * scale).toString(16).padStart(2, '0')).join('');
}

function grayOf(v: unknown): string {
  const n = Math.round((Number(v) || 0) * (Number(v) <= 1 ? 255 : 1));
  const h = n.toString(16).padStart(2, '0');
  return `#${h}${h}${h}`;
}

function applyGState(s: GraphicsState, entries: unknown, setFont: (id: unknown, size: unknown) => void): void {
  if (!Array.isArray(entries)) return;
  for (const entry of entries) {
    if (!Array.isArray(entry)) continue;
    const [key, value] = entry as [string, unknown];
    if (key === 'Font' && Array.isArray(value)) setFont(value[0], value[1]);
    if (key === 'ca' && typeof value === 'number') s.alpha = value;
  }
}
