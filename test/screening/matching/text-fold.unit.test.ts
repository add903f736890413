import { describe, expect, it } from 'vitest';
import { foldLatin, splitWords } from '../../../activities/screening/matching/text-fold.js';

describe('foldLatin', () => {
  it('removes diacritics and lowercases', () => {
    expect(foldLatin('José Müller Ñúñez Čapek')).toBe('jose muller nunez capek');
  });
  it('maps letters NFKD does not decompose', () => {
    expect(foldLatin('Straße Søren Łukasz Æsir Œuvre Đorđe Þór Işık')).toBe('strasse soren lukasz aesir oeuvre dorde thor isik');
  });
});

describe('splitWords', () => {
  it('drops apostrophes inside words and splits on other punctuation', () => {
    expect(splitWords("o'brien sa'ad al-qaeda, jean-pierre")).toEqual(['obrien', 'saad', 'al', 'qaeda', 'jean', 'pierre']);
  });
  it('joins dotted abbreviations only when asked', () => {
    expect(splitWords('acme l.l.c.', true)).toEqual(['acme', 'llc']);
    expect(splitWords('j.p. morgan')).toEqual(['j', 'p', 'morgan']);
  });
});
