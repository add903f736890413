// The OCR-B glyph model: reference patches of every machine-readable-zone character, rendered
// from the OCR-B typeface (Debian fonts-ocr-b) at several sizes, weights and blurs and cut out by
// the same sampling code that reads photos (see ocr-b-glyph-model.builder.ts), each stored
// zero-mean and unit-length for correlation. Serialised as JSON with base64 vectors.

export const GLYPH_MODEL_FORMAT = 1;

export interface GlyphTemplate {
  char: string;
  /** What variant of rendering it came from (font, size, degradation), for diagnostics. */
  variant: string;
  /** coreWidth × coreHeight values, zero mean, unit length. */
  vector: Float32Array;
}

export interface GlyphModel {
  format: number;
  coreWidth: number;
  coreHeight: number;
  templates: GlyphTemplate[];
  /** Where the model came from: font file hashes, package versions, builder version. */
  provenance: Record<string, unknown>;
}

interface SerialisedModel {
  format: number;
  coreWidth: number;
  coreHeight: number;
  templates: { char: string; variant: string; vector: string }[];
  provenance: Record<string, unknown>;
}

export function serialiseGlyphModel(model: GlyphModel): string {
  const out: SerialisedModel = {
    ...model,
    templates: model.templates.map((t) => ({ char: t.char, variant: t.variant, vector: Buffer.from(t.vector.buffer, t.vector.byteOffset, t.vector.byteLength).toString('base64') })),
  };
  return `${JSON.stringify(out)}\n`;
}

export function parseGlyphModel(text: string): GlyphModel {
  const raw = JSON.parse(text) as SerialisedModel;
  if (raw.format !== GLYPH_MODEL_FORMAT) throw new Error(`glyph model format ${raw.format} is not ${GLYPH_MODEL_FORMAT}`);
  const size = raw.coreWidth * raw.coreHeight;
  return {
    ...raw,
    templates: raw.templates.map((t) => {
      const bytes = Buffer.from(t.vector, 'base64');
      const vector = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
      if (vector.length !== size) throw new Error(`glyph template for ${t.char} has ${vector.length} values, expected ${size}`);
      return { char: t.char, variant: t.variant, vector };
    }),
  };
}
