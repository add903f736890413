import { describe, expect, it } from 'vitest';
import { jaroWinkler, letterSet, letterSetDistance, osaDistance } from '../../../activities/screening/matching/string-similarity.js';
import { SeededRandom } from '../evaluation/seeded-random.js';

/** The textbook full-matrix OSA distance, no cut-off, no reused buffers: the reference. */
function referenceOsa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** A word from a small alphabet (many shared letters: the hard case for the bag bound), sometimes non-ASCII. */
function word(rng: SeededRandom): string {
  const letters = rng.chance(0.1) ? 'abcéøß' : 'abcdeh';
  return Array.from({ length: rng.int(14) }, () => rng.pick([...letters])).join('');
}

describe('osaDistance', () => {
  it('counts edits including adjacent transpositions', () => {
    expect(osaDistance('putin', 'putin')).toBe(0);
    expect(osaDistance('putin', 'putni')).toBe(1);
    expect(osaDistance('vladimir', 'vladimr')).toBe(1);
    expect(osaDistance('kitten', 'sitting')).toBe(3);
  });
  it('stops early past the limit', () => {
    expect(osaDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
    expect(osaDistance('a', 'abcdef', 2)).toBe(3);
  });
  it('agrees with the full-matrix reference within each limit (letter-count bound, reused rows), 20,000 pairs', () => {
    const rng = new SeededRandom(7);
    let differences = 0;
    for (let n = 0; n < 20_000; n += 1) {
      const a = word(rng);
      const b = rng.chance(0.5) ? word(rng) : [...a].reverse().join('') + (rng.chance(0.5) ? 'a' : '');
      const exact = referenceOsa(a, b);
      const max = rng.int(5);
      // Within the limit the distance itself; past it, any value past the limit.
      const limited = osaDistance(a, b, max);
      const right = exact <= max ? limited === exact : limited > max;
      if (!right || osaDistance(a, b) !== exact) differences += 1;
    }
    expect(differences).toBe(0);
  });
});

describe('letterSetDistance', () => {
  it('counts the letters one word lacks entirely, the larger side', () => {
    expect(letterSetDistance(letterSet('abc'), letterSet('xyz'))).toBe(3);
    expect(letterSetDistance(letterSet('putin'), letterSet('putni'))).toBe(0);
    expect(letterSetDistance(letterSet('hamid'), letterSet('halid'))).toBe(1);
    expect(letterSetDistance(letterSet('aaab'), letterSet('b'))).toBe(1);
    expect(letterSetDistance(letterSet(''), letterSet('abcd'))).toBe(4);
    // Every letter a–z has a bit of its own.
    const alphabet = 'abcdefghijklmnopqrstuvwxyz';
    expect(new Set([...alphabet].map((c) => letterSet(c))).size).toBe(26);
    expect(letterSetDistance(letterSet(alphabet), 0)).toBe(26);
  });
  it('never exceeds the edit distance, 50,000 pairs (shared letters, non-ASCII and characters sharing a bit)', () => {
    const rng = new SeededRandom(31);
    // Characters sharing a bit: é (233) with m (109), D (68) with c (99), ж (1078) with u (117), all ≡ mod 31.
    const alphabets = ['abcdeh', 'abcéøß', 'mcuéDж', 'abcdefghijklmnopqrstuvwxyz'];
    let above = 0;
    let tight = 0;
    for (let n = 0; n < 50_000; n += 1) {
      const letters = [...rng.pick(alphabets)];
      const a = Array.from({ length: rng.int(14) }, () => rng.pick(letters)).join('');
      const b = rng.chance(0.3) ? [...a].reverse().join('') : Array.from({ length: rng.int(14) }, () => rng.pick(letters)).join('');
      const bound = letterSetDistance(letterSet(a), letterSet(b));
      const exact = referenceOsa(a, b);
      if (bound > exact) above += 1;
      if (bound === exact && exact > 0) tight += 1;
    }
    expect(above).toBe(0);
    expect(tight).toBeGreaterThan(1000);
  });
});

describe('jaroWinkler', () => {
  it('scores known pairs', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('same', 'same')).toBe(1);
  });
});
