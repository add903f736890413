import { describe, expect, it } from 'vitest';
import { jaroWinkler, osaDistance } from '../../../activities/screening/matching/string-similarity.js';

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
});

describe('jaroWinkler', () => {
  it('scores known pairs', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('same', 'same')).toBe(1);
  });
});
