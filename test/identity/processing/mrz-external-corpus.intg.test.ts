// The MRZ reader on an external corpus: card and passport-page images made by other tools than
// the reader and its own fixtures (zones by the PyPI `mrz` package, images by Pillow, in OCR-B and
// in other monospaced typefaces, every ICAO format, photographed turned, in perspective, blurred,
// noisy, low in contrast or JPEG-compressed), generated at test time from a fixed seed.
// bench/mrz-external.ts measures many more. The reader must never accept a zone that is not the
// printed one, nor one whose check digit fails; it must read a stated share.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMrzFromImage } from '../../../activities/identity/documents/processing/mrz-image.reader.js';
import { CORPUS_NOW, generateExternalCorpus, verdictOf, type CorpusEntry, type Verdict } from './fixtures/external/mrz-external-corpus.js';

/** Seed of the corpus: every format, OCR-B and four other typefaces, two bad check digits, one card without a zone. */
const SEED = 20260320;
/**
 * Zones read exactly, at least. Measured: 2 of the 10 — the MRV-B in OCR-B and the MRV-A in
 * Liberation Mono Bold (read by the glyphs of other monospaced typefaces, none of them Liberation,
 * and by tesseract on a cut-out, identically); the TD1 in OCR-B is refused (a nationality letter
 * barely ahead of its runner-up, which no check digit covers), the other typefaces' zones go to
 * review (the two readers did not read them identically). Before the monospace glyph model: 1.
 */
const MIN_EXACT = 2;
/** Zones in other typefaces than OCR-B read exactly, at least (measured: 1, the MRV-A above). */
const MIN_EXACT_OTHER_TYPEFACE = 1;

let dir: string;
let corpus: CorpusEntry[];
const verdicts = new Map<string, Verdict>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mrz-external-'));
  corpus = await generateExternalCorpus({ out: dir, count: 10, badCheck: 2, noZone: 1, seed: SEED });
  for (const entry of corpus) verdicts.set(entry.file, verdictOf(entry, await readMrzFromImage(entry.file, { now: CORPUS_NOW })));
  console.log(`[mrz-external] ${corpus.map((e) => `${path.basename(e.file)}: ${verdicts.get(e.file)}`).join('\n')}`);
}, 600_000); // generous for a loaded machine; about a minute on an idle one

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const summary = (kind: CorpusEntry['kind']) =>
  corpus.filter((e) => e.kind === kind).map((e) => `${path.basename(e.file)}: ${verdicts.get(e.file)}`);

describe('reading zones made by other tools', () => {
  it('covers every format, OCR-B and other typefaces, and negatives', () => {
    const positives = corpus.filter((e) => e.kind === 'positive');
    expect(new Set(positives.map((e) => e.format))).toEqual(new Set(['TD1', 'TD2', 'TD3', 'MRVA', 'MRVB']));
    expect(positives.some((e) => e.ocr_b) && positives.some((e) => !e.ocr_b)).toBe(true);
    expect(corpus.filter((e) => e.kind === 'bad_check')).toHaveLength(2);
  });

  it('is the same corpus when generated again, file for file (seeded: an item depends only on the seed, its kind and its rank)', async () => {
    const again = await mkdtemp(path.join(tmpdir(), 'mrz-external-again-'));
    try {
      const second = await generateExternalCorpus({ out: again, count: 3, badCheck: 0, noZone: 0, seed: SEED });
      for (const entry of second) {
        const first = corpus.find((e) => path.basename(e.file) === path.basename(entry.file));
        expect(first, path.basename(entry.file)).toBeDefined();
        expect((await readFile(entry.file)).equals(await readFile(first!.file)), path.basename(entry.file)).toBe(true);
      }
    } finally {
      await rm(again, { recursive: true, force: true });
    }
  }, 300_000);

  it('never accepts a zone other than the printed one', () => {
    expect(summary('positive').filter((s) => s.endsWith('wrongly_accepted'))).toEqual([]);
  });

  it('never accepts a zone whose check digit fails', () => {
    expect(summary('bad_check').filter((s) => s.endsWith('bad_check_accepted'))).toEqual([]);
  });

  it('reports no zone on a card without one', () => {
    expect(summary('no_zone').filter((s) => s.endsWith('zone_reported'))).toEqual([]);
  });

  it(`reads at least ${MIN_EXACT} of the zones exactly`, () => {
    const exact = summary('positive').filter((s) => s.endsWith('exact'));
    expect(exact.length, summary('positive').join('\n')).toBeGreaterThanOrEqual(MIN_EXACT);
  });

  it(`reads at least ${MIN_EXACT_OTHER_TYPEFACE} zone printed in another typeface than OCR-B exactly`, () => {
    const other = corpus.filter((e) => e.kind === 'positive' && !e.ocr_b).map((e) => `${path.basename(e.file)}: ${verdicts.get(e.file)}`);
    expect(other.filter((s) => s.endsWith('exact')).length, other.join('\n')).toBeGreaterThanOrEqual(MIN_EXACT_OTHER_TYPEFACE);
  });
});
