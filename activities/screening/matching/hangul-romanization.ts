/**
 * Hangul names in Latin letters, as sanctions lists write them. The lists' Korean names are mostly
 * North Korean, romanized in the DPRK's own system (the McCune–Reischauer family) without its
 * breves and apostrophes, one word per syllable: 김정은 "KIM, Jong Un", 최룡해 "CHOE, Ryong Hae",
 * 리병철 "RI, Pyong Chol", 박봉주 "PAK, Pong Ju", 정경택 "JONG, Kyong Thaek". The South's Revised
 * Romanization (any-ascii's, "gim jeongeun") meets none of them: ㅓ is "eo" there and "o" here,
 * ㅡ "eu" and "u", an initial ㄱ/ㅂ/ㄷ "g"/"b"/"d" and "k"/"p"/"t".
 *
 * A person's name is a one-syllable surname and a given name, each syllable written as a word, as
 * the lists write them ("Jong Un", or "Jong-un", which the tokenizer splits alike; three of some 300
 * North Korean names on OFAC and UN write them joined): the given name's syllables then compare one by
 * one, as the same name typed in Latin letters does, each with its own spellings (Pyong / Byong,
 * Jong / Chong). Inside a given name ㄱ ㄷ ㅂ after a vowel or ㄴ ㄹ ㅁ ㅇ are voiced and written
 * g d b, as the DPRK system writes them and a thin majority of the lists' names do ("RI, Man Gon"
 * 리만건, "RI, Yong Gil", "KIM, Su Gil"; others keep k, "KIM, Su-Kwang", "KANG MUN KIL"); a given
 * name's first syllable keeps k t p ("KIM, Ki Nam"). The other sound changes between syllables are not
 * written, as the lists do not write them. The surname 이 (South Korean spelling of 李, the North's 리
 * "Ri") is written "Lee", its usual spelling: "I" alone would read as an initial, and the name families
 * (name-variant-families.data.ts) hold lee, ri and rhee together. Not told apart: two-syllable surnames
 * (남궁, 황보, 선우: read as a surname and a given syllable), and vowels the romanization writes alike
 * (ㅓ and ㅗ are both o, ㅡ and ㅜ both u: 김종운 reads as 김정은 does, as the lists cannot tell them
 * apart either).
 * A syllable's parts come from the Unicode Hangul syllable arithmetic (The Unicode Standard, 3.12).
 */

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const VOWELS = 21;
const FINALS = 28;

/**
 * The 19 initial consonants in Unicode order: ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ. The
 * aspirates are written as the matcher's keys read the lists' spellings: ㅌ "th" (DPRK "Thae"; the
 * variant key reads th as t, so MR's T'ae meets it too), but ㅋ "k" and ㅍ "p" (the keys read the DPRK
 * system's kh as h and ph as f, which MR's K' and P' are not; the lists write 2 Ph and no Kh).
 */
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
 * How a text of Hangul words is read: `given` — a person's given names (a first-name field beside a
 * surname field); `name` — a person's whole name, or a surname field; `words` — any other name (an
 * organisation's): each word's syllables written together, voiced inside it ("금강" kumgang, "평양"
 * pyongyang, as the DPRK system writes such words).
 */
export type HangulReading = 'given' | 'name' | 'words';

/**
 * Which syllable of a person's name is the surname, as [piece, syllable in the piece], from the Hangul
 * words' lengths: a lone word of two to four syllables starts with it (김정은), as does a given-name
 * field's lone word of three or four (the whole name typed there; Korean given names are one or two
 * syllables); among several words, a word of one syllable first or last is the surname (김 정은,
 * 정은 김, 리 만 건), else a first word of three or four starts with it.
 */
function surnamePosition(words: Array<{ piece: number; syllables: number }>, reading: HangulReading): [number, number] | undefined {
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last) return undefined;
  if (words.length === 1) {
    const fromLength = reading === 'given' ? 3 : 1;
    return first.syllables >= fromLength && first.syllables <= 4 ? [first.piece, 0] : undefined;
  }
  if (reading === 'given') return undefined;
  if (first.syllables === 1) return [first.piece, 0];
  if (last.syllables === 1) return [last.piece, 0];
  return first.syllables >= 3 && first.syllables <= 4 ? [first.piece, 0] : undefined;
}

/**
 * The pieces of a text (words and the separators between them, as script-transliteration.ts splits
 * it) with every piece holding Hangul syllables in Latin letters; other pieces are returned as they
 * are, and other characters inside a Hangul piece go through `other`.
 */
export function romanizeHangulPieces(pieces: readonly string[], reading: HangulReading, other: (text: string) => string): string[] {
  const words: Array<{ piece: number; syllables: number }> = [];
  pieces.forEach((p, piece) => {
    const syllables = hangulSyllableCount(p);
    if (syllables > 0) words.push({ piece, syllables });
  });
  const person = reading !== 'words' && words.every((w) => w.syllables <= 4);
  const surname = person ? surnamePosition(words, reading) : undefined;
  // A person's given-name syllables, counted across the text's words and hyphens; the final of the one before.
  let givenAt = 0;
  let previousFinal = -1;
  return pieces.map((piece, pieceIndex) => {
    if (!words.some((w) => w.piece === pieceIndex)) return piece;
    const out: string[] = [];
    let rest = '';
    let at = 0;
    let word = '';
    for (const ch of piece) {
      if (!isHangulSyllable(ch)) {
        rest += ch;
        continue;
      }
      if (rest) {
        if (word) out.push(word);
        word = '';
        out.push(other(rest));
      }
      rest = '';
      const isSurname = surname !== undefined && surname[0] === pieceIndex && surname[1] === at;
      at += 1;
      if (!person) {
        // A word of an organisation's name: its syllables together, voiced after its first.
        word += romanizeHangulSyllable(ch, word.length > 0 && SONORANT_FINAL.has(previousFinal));
        previousFinal = parts(ch).final;
        continue;
      }
      if (isSurname) {
        out.push(ch.codePointAt(0) === SURNAME_LEE ? 'lee' : romanizeHangulSyllable(ch));
        continue;
      }
      out.push(romanizeHangulSyllable(ch, givenAt > 0 && SONORANT_FINAL.has(previousFinal)));
      previousFinal = parts(ch).final;
      givenAt += 1;
    }
    if (word) out.push(word);
    if (rest) out.push(other(rest));
    return out.join(' ');
  });
}

/** The number of Hangul syllables in a word. */
export function hangulSyllableCount(word: string): number {
  let n = 0;
  for (const ch of word) if (isHangulSyllable(ch)) n += 1;
  return n;
}

/**
 * A key under which the spellings a Korean syllable is given by the lists and by people meet: the
 * DPRK and McCune–Reischauer spellings this module writes, the South's Revised Romanization and the
 * usual spellings of names (석 sok / seok / suk, 근 kun / geun, 현 hyon / hyeon / hyun, 정 jong /
 * chong / jeong / jung, 박 pak / bak / park, 덕 tok / deok / duck, 희 hui / hee). Consonants are
 * keyed by their Korean letter whatever the voicing (k g, t d, p b, j ch), l and r are one, vowels
 * by the classes romanizations confuse: ㅓ ㅗ ㅜ ㅡ (eo o u oo eu ou) are one, ㅕ ㅛ ㅠ (yeo yo yu
 * you) another, ㅐ ㅔ (ae e) a third, ㅢ (ui eui) with ㅣ (i ee); an initial ㄹ as the South reads it. English spellings' h after a vowel
 * (Oh, Ahn, Roh) and r before a consonant (Park) are dropped. Only a word romanized from Hangul is
 * compared under it, with a word in Latin letters (token-similarity.ts): it would make many other
 * names one.
 */
const KEY_STEPS: Array<[RegExp, string]> = [
  [/[^a-z]/g, ''],
  [/([aeiouy])h(?=[^aeiouy]|$)/g, '$1'],
  [/([aeiou])r(?=[^aeiouy]|$)/g, '$1'],
  [/tch|ch|jj|j|z/g, 'C'],
  [/ng/g, 'G'],
  [/kk|kh|gg|ck|k|g|q|c/g, 'K'],
  [/tt|th|t|d/g, 'T'],
  [/pp|ph|p|b|f|v/g, 'P'],
  [/ss|sh|s/g, 'S'],
  [/l|r/g, 'L'],
  [/eui|ui|ee|i/g, 'I'],
  [/y(?:eo|eu|oo|ou|o|u)/g, 'YO'],
  [/eo|eu|oo|ou|o|u/g, 'O'],
  [/ae|ai|ay|e/g, 'E'],
  [/a/g, 'A'],
  [/y/g, 'I'],
  [/w/g, 'W'],
  [/n/g, 'N'],
  [/m/g, 'M'],
  [/h/g, 'H'],
  // The South drops an initial ㄹ before i and y and reads it n elsewhere (리 이 Lee, 류 유 Yu, 림 임,
  // 로 노 Roh / No), the North keeps it (Ri, Ryu, Rim).
  [/^L(?=[IY])/, ''],
  [/^L/, 'N'],
  [/(.)\1+/g, '$1'],
];

export function koreanKey(word: string): string {
  let key = word.toLowerCase();
  for (const [pattern, replacement] of KEY_STEPS) key = key.replace(pattern, replacement);
  return key;
}
