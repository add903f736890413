// Zones in other typefaces whose monospace glyph read is exact but has a letter/digit doubt that
// only the check digits settle: items 31 (TD2, Liberation Mono, small and turned) and 76 (TD2,
// DejaVu Sans Mono, a quarter turn, low contrast) of the external MRZ corpus (seed 20260320, made by
// fixtures/external/mrz_external_corpus.py; kept as grayscale PNGs of what bench/mrz-external.ts
// read). Tesseract's cut-out reads the same zone; without the settling the monospace read stays
// doubtful and both go to review. The check-blind pairs (G/6, L/1, U/0) are never settled this way
// (mrz-check-blind.intg.test.ts keeps that side).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readMrzFromImage } from '../../../activities/identity/documents/processing/mrz-image.reader.js';
import { CORPUS_NOW } from './fixtures/external/mrz-external-corpus.js';

const fixture = (name: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/external', name);

const CASES = [
  { file: 'td2-liberation-mono-small-turned.png', printed: ['A<ABWZHANG<<PIETER<<<<<<<<<<<<<<<<<<', 'Z1967535<1ABW8612216<320209026271752'] },
  { file: 'td2-dejavu-quarter-turn-low-contrast.png', printed: ['A<XXAAL<RASHID<<SEAN<<<<<<<<<<<<<<<<', 'HFDFEZCIL8XXA9112241F3504266316465<9'] },
];

describe('a monospace read whose letter/digit doubt the check digits settle', () => {
  for (const { file, printed } of CASES) {
    it(`is read exactly: ${file}`, async () => {
      const result = await readMrzFromImage(fixture(file), { now: CORPUS_NOW });
      expect(result.ok && result.mrz).toEqual(printed);
    }, 300_000);
  }
});
