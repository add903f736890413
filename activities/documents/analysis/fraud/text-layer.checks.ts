// Indicators read from a page's text layer: text drawn over other text, text placed outside the
// page, a font change inside one number or word, and a value in a font the page uses nowhere
// else (what an editor leaves when it types a new amount over the old one). Pure.

import type { DocumentWord } from '../document-text.js';
import { locationsOfWords, overlapOfSmaller } from '../location.js';
import type { PdfGlyph } from '../text/pdf-glyphs.interpreter.js';
import { raise, withDetail, type IndicatorLocation, type RaisedIndicator } from './indicator.js';

/** Two words overlapping by more than this share of the smaller one are drawn on top of each other. */
const OVERLAY_SHARE = 0.4;
const NUMERIC = /\d/;

export interface LayerPage {
  number: number;
  words: readonly DocumentWord[];
  glyphs: readonly PdfGlyph[];
}

export function textLayerIndicators(pages: readonly LayerPage[]): RaisedIndicator[] {
  const overlays: IndicatorLocation[] = [];
  const mixedFonts: IndicatorLocation[] = [];
  const uniqueFonts: IndicatorLocation[] = [];
  const outside: IndicatorLocation[] = [];
  for (const page of pages) {
    const words = page.words.filter((w) => w.layer && w.bbox.width > 0 && w.bbox.height > 0);
    const sorted = [...words].sort((a, b) => a.bbox.top - b.bbox.top);
    for (let i = 0; i < sorted.length; i++) {
      const a = sorted[i]!;
      for (let j = i + 1; j < sorted.length && sorted[j]!.bbox.top < a.bbox.top + a.bbox.height; j++) {
        const b = sorted[j]!;
        if (a.text === b.text || overlapOfSmaller(a.bbox, b.bbox) < OVERLAY_SHARE) continue;
        const [under, over] = a.layer!.draw_order < b.layer!.draw_order ? [a, b] : [b, a];
        for (const loc of locationsOfWords([under, over])) overlays.push(withDetail(loc, under.text, over.text));
      }
    }
    for (const w of words) {
      if (w.layer!.fonts.length > 1 && w.layer!.font_change_in_run !== false && /[\p{L}\p{N}]{2,}/u.test(w.text)) {
        for (const loc of locationsOfWords([w])) mixedFonts.push(withDetail(loc, null, w.text));
      }
    }
    const fontUse = new Map<string, number>();
    for (const w of words) for (const f of w.layer!.fonts) fontUse.set(f, (fontUse.get(f) ?? 0) + 1);
    if (fontUse.size > 1 && words.length >= 10) {
      for (const w of words) {
        if (NUMERIC.test(w.text) && w.layer!.fonts.length === 1 && fontUse.get(w.layer!.fonts[0]!) === 1) {
          for (const loc of locationsOfWords([w])) uniqueFonts.push(withDetail(loc, null, w.text));
        }
      }
    }
    const off = page.glyphs.filter((g) => !g.isSpace && g.quad.every((p) => p.x < -0.001 || p.x > 1.001 || p.y < -0.001 || p.y > 1.001));
    if (off.length) outside.push(withDetail({ surface: { type: 'page', number: page.number }, coordinate_space: 'normalized_page', bbox: { left: 0, top: 0, width: 1, height: 1 }, polygon: null }, null, off.map((g) => g.text).join('').slice(0, 200)));
  }
  const out: RaisedIndicator[] = [];
  if (overlays.length) out.push(raise('text_overlay', `${overlays.length} place(s) where text is drawn over different text.`, overlays));
  if (mixedFonts.length) out.push(raise('font_change_in_number', `${mixedFonts.length} word(s) or number(s) mix fonts inside.`, mixedFonts));
  if (uniqueFonts.length) out.push(raise('font_unique_to_value', `${uniqueFonts.length} value(s) are set in a font used nowhere else on their page.`, uniqueFonts));
  if (outside.length) out.push(raise('text_outside_page', `Text placed outside the visible page on ${outside.length} page(s).`, outside));
  return out;
}
