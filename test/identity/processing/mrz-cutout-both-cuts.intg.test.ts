// Zones in other typefaces that only the second cut-out pitch reads: items 16 (TD2, FreeMono Bold,
// in perspective) and 56 (TD2, Liberation Mono, heavy ink, turned, unevenly lit) of the external
// MRZ corpus (seed 20260320, made by fixtures/external/mrz_external_corpus.py; kept as grayscale
// PNGs of what bench/mrz-external.ts read). On each, tesseract's cut-out at the first pitch (26 px)
// reads nothing of the located zone's shape and the cut at 36 px reads exactly the zone the
// monospace glyph reader reads surely. The reader used to move on to the next located zone after
// an empty first cut, and sent both to review; it now reads both cuts of a zone first.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readMrzFromImage } from '../../../activities/identity/documents/processing/mrz-image.reader.js';
import { CORPUS_NOW } from './fixtures/external/mrz-external-corpus.js';

const fixture = (name: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/external', name);

const CASES = [
  { file: 'td2-freemono-bold-perspective.png', printed: ['A<LCAOKONKWO<<ALASDAIR<<<<<<<<<<<<<<', 'ZK12848602THA0412030M2607023861694<2'] },
  { file: 'td2-liberation-mono-heavy-ink-turned.png', printed: ['IRSLEAL<RASHID<<JAN<<<<<<<<<<<<<<<<<', '65VSM6R2P6SLE0601094M2806158<<<<<<<6'] },
];

describe('a zone only the second cut-out pitch reads', () => {
  for (const { file, printed } of CASES) {
    it(`is read exactly: ${file}`, async () => {
      const result = await readMrzFromImage(fixture(file), { now: CORPUS_NOW });
      expect(result.ok && result.mrz).toEqual(printed);
    }, 300_000);
  }
});
