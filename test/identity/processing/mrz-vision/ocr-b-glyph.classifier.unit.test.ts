import { describe, expect, it } from 'vitest';
import { PATCH_HEIGHT, PATCH_WIDTH, type CellPatch } from '../../../../activities/identity/documents/processing/mrz-vision/mrz-cell.sampler.js';
import { classifyCell } from '../../../../activities/identity/documents/processing/mrz-vision/ocr-b-glyph.classifier.js';
import { parseGlyphModel, serialiseGlyphModel, type GlyphModel } from '../../../../activities/identity/documents/processing/mrz-vision/ocr-b-glyph.model.js';

const CORE_W = PATCH_WIDTH - 2;
const CORE_H = PATCH_HEIGHT - 2;

/** Ink patterns on the core grid: a vertical bar, a horizontal bar, a ring. */
const SHAPES: Record<string, (x: number, y: number) => number> = {
  I: (x) => (Math.abs(x - CORE_W / 2) < 2 ? 1 : 0),
  '-': (_x, y) => (Math.abs(y - CORE_H / 2) < 2 ? 1 : 0),
  O: (x, y) => {
    const r = Math.hypot((x - CORE_W / 2) / (CORE_W / 2), (y - CORE_H / 2) / (CORE_H / 2));
    return r > 0.6 && r < 0.9 ? 1 : 0;
  },
};

function unit(values: number[]): Float32Array {
  const mean = values.reduce((a, v) => a + v, 0) / values.length;
  const centred = values.map((v) => v - mean);
  const norm = Math.hypot(...centred);
  return Float32Array.from(centred.map((v) => v / norm));
}

function model(): GlyphModel {
  const templates = Object.entries(SHAPES).map(([char, shape]) => ({
    char,
    variant: 'test',
    vector: unit(Array.from({ length: CORE_W * CORE_H }, (_, i) => shape(i % CORE_W, Math.floor(i / CORE_W)))),
  }));
  return { format: 1, coreWidth: CORE_W, coreHeight: CORE_H, templates, provenance: { test: true } };
}

/** A patch showing `char`, shifted by (dx, dy) within the patch border, with faint noise. */
function patch(char: string, dx = 0, dy = 0): CellPatch {
  const ink = new Float32Array(PATCH_WIDTH * PATCH_HEIGHT);
  for (let y = 0; y < PATCH_HEIGHT; y++) {
    for (let x = 0; x < PATCH_WIDTH; x++) ink[y * PATCH_WIDTH + x] = SHAPES[char]!(x - 1 - dx, y - 1 - dy) * 0.9 + ((x * 7 + y * 3) % 5) * 0.01;
  }
  return { ink, contrast: 120 };
}

describe('the glyph classifier', () => {
  it('reads the best-matching character, allowing a one-pixel shift', () => {
    expect(classifyCell(patch('O'), model(), 'IO-')).toMatchObject({ char: 'O' });
    expect(classifyCell(patch('I', 1, -1), model(), 'IO-')).toMatchObject({ char: 'I' });
    const reading = classifyCell(patch('-', -1, 1), model(), 'IO-');
    expect(reading.char).toBe('-');
    expect(reading.score).toBeGreaterThan(0.9);
    expect(reading.margin).toBeGreaterThan(0.3);
  });

  it('chooses only among the characters the position allows', () => {
    const reading = classifyCell(patch('O'), model(), 'I-');
    expect(reading.char).not.toBe('O');
    expect(reading.score).toBeLessThan(0.5);
  });
});

describe('the glyph model file', () => {
  it('round-trips through its JSON form exactly', () => {
    const original = model();
    const parsed = parseGlyphModel(serialiseGlyphModel(original));
    expect(parsed.templates.map((t) => t.char)).toEqual(['I', '-', 'O']);
    expect([...parsed.templates[2]!.vector]).toEqual([...original.templates[2]!.vector]);
    expect(parsed.provenance).toEqual({ test: true });
  });

  it('refuses another format or a template of the wrong size', () => {
    const text = serialiseGlyphModel(model());
    expect(() => parseGlyphModel(text.replace('"format":1', '"format":2'))).toThrow(/format 2/);
    expect(() => parseGlyphModel(text.replace(`"coreWidth":${CORE_W}`, `"coreWidth":${CORE_W + 1}`))).toThrow(/expected/);
  });
});
