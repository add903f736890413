/**
 * SpellingPattern (spelling-pattern.ts): the lengths it can spell and the letters it can start and
 * end with answer most tests before the walk; they must never answer a word the walk would match.
 * Checked against a regular expression of the same shape over every word up to five letters of a
 * small alphabet, for seeded random patterns (parts that can be empty at either end included).
 */
import { describe, expect, it } from 'vitest';
import { SpellingPattern, type PatternPart, type VowelRun } from '../../../activities/screening/matching/spelling-pattern.js';
import { SeededRandom } from '../evaluation/seeded-random.js';

const ALPHABET = ['a', 'e', 'b', 'k', 'h'];

function words(maxLength: number): string[] {
  const out = [''];
  let last = [''];
  for (let n = 1; n <= maxLength; n += 1) {
    last = last.flatMap((w) => ALPHABET.map((c) => w + c));
    out.push(...last);
  }
  return out;
}

const isRun = (part: PatternPart): part is VowelRun => !Array.isArray(part);

function asRegExp(parts: readonly PatternPart[]): RegExp {
  const source = parts.map((part) => (isRun(part) ? `[${part.letters}]{${part.min},${part.max}}` : `(?:${part.map((s) => s || '(?:)').join('|')})`)).join('');
  return new RegExp(`^${source}$`);
}

function randomPart(rng: SeededRandom): PatternPart {
  if (rng.int(3) === 0) {
    const min = rng.int(2);
    return { letters: rng.int(2) === 0 ? 'ae' : 'a', min, max: min + rng.int(3) };
  }
  const spellings = new Set<string>();
  const count = 1 + rng.int(3);
  for (let k = 0; k < count; k += 1) {
    const length = rng.int(4) === 0 ? 0 : 1 + rng.int(2);
    let s = '';
    for (let j = 0; j < length; j += 1) s += ALPHABET[rng.int(ALPHABET.length)];
    spellings.add(s);
  }
  return [...spellings];
}

describe('SpellingPattern', () => {
  it('matches exactly the words a regular expression of the same shape matches', () => {
    const rng = new SeededRandom(20261129);
    const all = words(5);
    let matched = 0;
    for (let n = 0; n < 300; n += 1) {
      const parts = Array.from({ length: 1 + rng.int(4) }, () => randomPart(rng));
      const pattern = new SpellingPattern(parts);
      const re = asRegExp(parts);
      for (const w of all) {
        const expected = re.test(w);
        if (pattern.test(w) !== expected) throw new Error(`${JSON.stringify(parts)} on "${w}": expected ${expected}`);
        if (expected) matched += 1;
      }
    }
    // The comparison means something only if many words do match.
    expect(matched).toBeGreaterThan(1_000);
  });

  it('answers a long word of no spelling, and a run of optional vowels, at once', () => {
    const pattern = new SpellingPattern(Array.from({ length: 40 }, () => ({ letters: 'aeiou', min: 0, max: 2 })));
    expect(pattern.test('a'.repeat(80))).toBe(true);
    expect(pattern.test(`${'a'.repeat(79)}b`)).toBe(false);
    expect(pattern.test('a'.repeat(81))).toBe(false);
    expect(pattern.test('')).toBe(true);
    expect(new SpellingPattern([['b'], { letters: 'a', min: 1, max: 1 }]).test('')).toBe(false);
  });
});
