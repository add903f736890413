/**
 * Folds Latin text to plain lowercase ASCII letters: Unicode NFKD, combining marks removed, and the
 * letters NFKD does not decompose (ß, ø, ł, æ, đ, þ, ı ...) mapped by hand. Non-Latin scripts are
 * transliterated before this runs (see script-transliteration.ts), because NFKD would strip marks that
 * carry meaning there (Cyrillic й → и).
 */

const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe',
  đ: 'd', Đ: 'd', ð: 'd', Ð: 'd', þ: 'th', Þ: 'th', ı: 'i', ħ: 'h', Ħ: 'h', ŧ: 't', Ŧ: 't',
  ŋ: 'ng', Ŋ: 'ng', ĸ: 'k', ſ: 's', ƒ: 'f', ɨ: 'i', ʉ: 'u', ə: 'e', Ə: 'e', ɛ: 'e', ɔ: 'o',
  ŀ: 'l', Ŀ: 'l', ȷ: 'j', ǝ: 'e', ʻ: "'", ʼ: "'", ʽ: "'", ʿ: "'", ʾ: "'",
};

const COMBINING_MARKS = /\p{M}+/gu;

/** NFKD + strip combining marks + special letters + lowercase. Keeps non-letters as they are. */
export function foldLatin(text: string): string {
  const decomposed = text.normalize('NFKD').replace(COMBINING_MARKS, '');
  let out = '';
  for (const ch of decomposed) {
    out += SPECIAL_LETTERS[ch] ?? ch;
  }
  return out.toLowerCase();
}

/**
 * Splits folded text into word tokens. Apostrophes and similar marks inside a word are dropped
 * (O'Brien → obrien, Sa'ad → saad); everything else that is not a letter or digit separates words.
 * Periods between single letters join them when `joinDottedAbbreviations` is set (L.L.C. → llc),
 * which is what company names want; person names keep initials apart (J.P. → j p).
 */
export function splitWords(folded: string, joinDottedAbbreviations = false): string[] {
  let text = folded.replace(/['’‘`´]/g, '');
  if (joinDottedAbbreviations) {
    // "s.a.r.l." → "sarl", "co.," stays "co": only runs of single letters separated by periods are joined.
    text = text.replace(/\b(?:[a-z]\.){2,}(?:[a-z]\b)?/g, (m) => ` ${m.replace(/\./g, '')} `);
  }
  return text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
}
