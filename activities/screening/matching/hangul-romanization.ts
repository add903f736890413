/**
 * Hangul names in Latin letters, as sanctions lists write them. The lists' Korean names are mostly
 * North Korean, romanized in the DPRK's own system (the McCune–Reischauer family) without its
 * breves and apostrophes, one word per syllable: 김정은 "KIM, Jong Un", 최룡해 "CHOE, Ryong Hae",
 * 리병철 "RI, Pyong Chol", 박봉주 "PAK, Pong Ju", 정경택 "JONG, Kyong Thaek". The South's Revised
 * Romanization (any-ascii's, "gim jeongeun") meets none of them: ㅓ is "eo" there and "o" here,
 * ㅡ "eu" and "u", an initial ㄱ/ㅂ/ㄷ "g"/"b"/"d" and "k"/"p"/"t".
 *
 * Inside a given name,
 * ㄱ ㄷ ㅂ after a vowel or ㄴ ㄹ ㅁ ㅇ are voiced and written g d b, as the DPRK system writes them and
 * most of the lists' names do ("RI, Man Gon" 리만건, "RI, Yong Gil", "KIM, Su Gil"; a few keep k,
 * "KIM, Su-Kwang"); a given name's first syllable keeps k t p ("KIM, Ki Nam"). The other sound
 * changes between syllables are not written, as the lists do not write them. The surname 이 (South Korean
 * spelling of 李, the North's 리 "Ri") is written "Lee", its usual spelling: "I" alone would read as
 * an initial, and the name families (name-variant-families.data.ts) hold lee, ri and rhee together.
 * A syllable's parts come from the Unicode Hangul syllable arithmetic (The Unicode Standard, 3.12).
 */

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const VOWELS = 21;
const FINALS = 28;

/** The 19 initial consonants in Unicode order: ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ. */
const INITIAL = ['k', 'kk', 'n', 't', 'tt', 'r', 'm', 'p', 'pp', 's', 'ss', '', 'j', 'jj', 'ch', 'k', 'th', 'p', 'h'];
/** The 21 vowels: ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅘ ㅙ ㅚ ㅛ ㅜ ㅝ ㅞ ㅟ ㅠ ㅡ ㅢ ㅣ (ㅓ ŏ and ㅡ ŭ without their breves). */
const VOWEL = ['a', 'ae', 'ya', 'yae', 'o', 'e', 'yo', 'ye', 'o', 'wa', 'wae', 'oe', 'yo', 'u', 'wo', 'we', 'wi', 'yu', 'u', 'ui', 'i'];
/**
 * The 27 finals (and none) as they sound at a syllable's end: ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅁ ㅂ ㅄ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ.
 */
const FINAL = ['', 'k', 'k', 'k', 'n', 'n', 'n', 't', 'l', 'k', 'm', 'l', 'l', 'l', 'p', 'l', 'm', 'p', 'p', 't', 't', 'ng', 't', 't', 'k', 't', 'p', 't'];

const SURNAME_LEE = 0xc774; // 이
/** Initials ㄱ ㄷ ㅂ (indexes in INITIAL) and their voiced spellings. */
const VOICED: Record<number, string> = { 0: 'g', 3: 'd', 7: 'b' };
/** Finals after which a following ㄱ ㄷ ㅂ is voiced: none (a vowel), ㄴ ㄵ ㄶ, ㄹ and the ㄹ clusters read l, ㅁ ㄻ, ㅇ. */
const SONORANT_FINAL = new Set([0, 4, 5, 6, 8, 10, 11, 12, 13, 15, 16, 21]);

export function isHangulSyllable(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST;
}

interface Syllable {
  initial: number;
  vowel: number;
  final: number;
}

function parts(ch: string): Syllable {
  const code = (ch.codePointAt(0) ?? 0) - SYLLABLE_FIRST;
  return { initial: Math.floor(code / (VOWELS * FINALS)), vowel: Math.floor((code % (VOWELS * FINALS)) / FINALS), final: code % FINALS };
}

/** One precomposed Hangul syllable in Latin letters (lowercase); `voiced`: a ㄱ ㄷ ㅂ initial is written g d b. */
export function romanizeHangulSyllable(ch: string, voiced = false): string {
  const { initial, vowel, final } = parts(ch);
  return `${(voiced ? VOICED[initial] : undefined) ?? INITIAL[initial]}${VOWEL[vowel]}${FINAL[final]}`;
}

/**
 * A word of Hangul syllables in Latin letters, as a name: a word of two to four syllables is a
 * one-syllable surname and a given name written as one word ("김정은" → "kim jongun"), as a Korean
 * given name is one name: the lists' "Jong Un" and "Jong-un" meet it through the matcher's compound
 * rule, while two names that share one syllable of it ("Un So" / "Un Jong") do not pass for one.
 * `givenName`: the word is a given name alone (a name written in several words, "정은 김"). Longer
 * runs (organisation names) keep a word per syllable. A word's first syllable 이 is the surname "lee".
 * Other characters in the word are passed to `other`.
 */
export function romanizeHangulWord(word: string, other: (text: string) => string, givenName = false): string {
  const syllables = hangulSyllableCount(word);
  const name = givenName || syllables <= 4;
  // Where the given name's second syllable is: voicing starts there (in a name).
  const voicingFrom = !name ? Infinity : givenName ? 1 : 2;
  const out: string[] = [];
  let rest = '';
  let at = 0;
  let previousFinal = -1;
  for (const ch of word) {
    if (!isHangulSyllable(ch)) {
      rest += ch;
      previousFinal = -1;
      continue;
    }
    if (rest) out.push(other(rest));
    rest = '';
    const voiced = at >= voicingFrom && SONORANT_FINAL.has(previousFinal);
    out.push(at === 0 && !givenName && ch.codePointAt(0) === SURNAME_LEE ? 'lee' : romanizeHangulSyllable(ch, voiced));
    previousFinal = parts(ch).final;
    at += 1;
  }
  if (rest) out.push(other(rest));
  if (out.length !== syllables) return out.join(' ');
  if (givenName) return out.join('');
  return syllables >= 2 && syllables <= 4 ? `${out[0]} ${out.slice(1).join('')}` : out.join(' ');
}

/** The number of Hangul syllables in a word. */
export function hangulSyllableCount(word: string): number {
  let n = 0;
  for (const ch of word) if (isHangulSyllable(ch)) n += 1;
  return n;
}
