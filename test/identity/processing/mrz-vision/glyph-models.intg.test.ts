// The reader's two glyph models as the machine cache holds them (built by the tool installer before
// the tests): the OCR-B model, and the model of other monospaced typefaces that confirms zones not
// printed in OCR-B. The second must cover the whole MRZ alphabet in every face and must not be
// drawn from the typefaces the external corpus prints (bench/mrz-external.ts would then measure
// its own training fonts). Needs ImageMagick and the Debian font packages, no servers.
import { describe, expect, it } from 'vitest';
import { MONOSPACE_FACES } from '../../../../activities/identity/documents/processing/mrz-vision/ocr-b-glyph-model.builder.js';
import { loadOrBuildGlyphModel } from '../../../../activities/identity/documents/processing/mrz-vision/ocr-b-glyph-model.store.js';
import { MRZ_ALPHABET } from '../../../../activities/identity/documents/processing/mrz-vision/mrz-character-positions.js';

/** The typefaces of the external MRZ corpus, and those drawn from them (Hack from DejaVu, Cousine = Liberation Mono). */
const CORPUS_TYPEFACES = /dejavu|liberation|freemono|hack|cousine|ocr-?b/i;

describe('glyph models', () => {
  it('the monospace model has every MRZ character in every face, from faces the external corpus does not use', async () => {
    const { model } = await loadOrBuildGlyphModel(undefined, 'monospace');
    const fonts = (model.provenance.fonts as { file: string }[]).map((f) => f.file);
    expect(fonts).toEqual([...MONOSPACE_FACES]);
    expect(fonts.filter((f) => CORPUS_TYPEFACES.test(f))).toEqual([]);
    for (const face of MONOSPACE_FACES) {
      const name = face.split('/').pop()!;
      const chars = new Set(model.templates.filter((t) => t.variant.startsWith(`${name} `)).map((t) => t.char));
      expect([...MRZ_ALPHABET].filter((c) => !chars.has(c)), name).toEqual([]);
    }
  }, 300_000);

  it('the OCR-B model is still drawn from OCR-B alone, with its fixed advance', async () => {
    const { model } = await loadOrBuildGlyphModel(undefined, 'ocr-b');
    const fonts = (model.provenance.fonts as { file: string }[]).map((f) => f.file);
    expect(fonts.every((f) => /\/ocr-b\/OCRBS?\.otf$/.test(f))).toBe(true);
    expect(model.provenance.skipped_sheets).toBeUndefined();
    expect(new Set(model.templates.map((t) => t.char))).toEqual(new Set(MRZ_ALPHABET));
  }, 300_000);
});
