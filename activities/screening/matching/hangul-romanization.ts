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
const LETTER = /\p{L}/u;
/** Initials ㄱ ㄷ ㅂ (indexes in INITIAL) and their voiced spellings. */
const VOICED: Record<number, string> = { 0: 'g', 3: 'd', 7: 'b' };
/** Finals after which a following ㄱ ㄷ ㅂ is voiced: none (a vowel), ㄴ ㄵ ㄶ, ㄹ and the ㄹ clusters read l, ㅁ ㄻ, ㅇ. */
const SONORANT_FINAL = new Set([0, 4, 5, 6, 8, 10, 11, 12, 13, 15, 16, 21]);

export function isHangulSyllable(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST;
}

/** A syllable's letters as indexes in Unicode order (19 initials, 21 vowels, 28 finals with none at 0). */
export interface HangulSyllableParts {
  initial: number;
  vowel: number;
  final: number;
}
type Syllable = HangulSyllableParts;

/** A precomposed syllable's letters (isHangulSyllable first). */
export function hangulSyllableParts(ch: string): HangulSyllableParts {
  const code = (ch.codePointAt(0) ?? 0) - SYLLABLE_FIRST;
  return { initial: Math.floor(code / (VOWELS * FINALS)), vowel: Math.floor((code % (VOWELS * FINALS)) / FINALS), final: code % FINALS };
}

/** One precomposed Hangul syllable in Latin letters (lowercase); `voiced`: a ㄱ ㄷ ㅂ initial is written g d b. */
export function romanizeHangulSyllable(ch: string, voiced = false): string {
  return romanizeParts(hangulSyllableParts(ch), voiced);
}

function romanizeParts({ initial, vowel, final }: Syllable, voiced: boolean): string {
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
 * syllables); among several words (Latin ones counted too: Ri 만건), a word of one syllable first or
 * last is the surname (김 정은, 정은 김, 리 만 건), else a first word of three or four starts with it.
 */
function surnamePosition(words: Array<{ piece: number; syllables: number }>, reading: HangulReading, otherWords: boolean): [number, number] | undefined {
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last) return undefined;
  if (words.length === 1 && !otherWords) {
    const fromLength = reading === 'given' ? 3 : 1;
    return first.syllables >= fromLength && first.syllables <= 4 ? [first.piece, 0] : undefined;
  }
  if (reading === 'given') return words.length === 1 && first.syllables >= 3 && first.syllables <= 4 ? [first.piece, 0] : undefined;
  if (first.syllables === 1) return [first.piece, 0];
  if (last.syllables === 1) return [last.piece, 0];
  return first.syllables >= 3 && first.syllables <= 4 ? [first.piece, 0] : undefined;
}

/**
 * The pieces of a text (words and the separators between them, as script-transliteration.ts splits
 * it) with every piece holding Hangul syllables in Latin letters; other pieces are returned as they
 * are, and other characters inside a Hangul piece go through `other`.
 */
export function romanizeHangulPieces(pieces: readonly string[], reading: HangulReading, other: (text: string) => string, keys?: Map<string, string>): string[] {
  // Each Latin word's key from its Hangul (hangulKey); a word written for two syllables of other keys gets none ('').
  const keep = (latin: string, hangul: string) => {
    if (!keys) return;
    const key = hangulKey(hangul);
    const known = keys.get(latin);
    keys.set(latin, known === undefined || known === key ? key : '');
  };
  const counts = pieces.map(hangulSyllableCount);
  const words: Array<{ piece: number; syllables: number }> = [];
  counts.forEach((syllables, piece) => {
    if (syllables > 0) words.push({ piece, syllables });
  });
  const person = reading !== 'words' && words.every((w) => w.syllables <= 4);
  const otherWords = pieces.some((p, piece) => counts[piece] === 0 && LETTER.test(p));
  const surname = person ? surnamePosition(words, reading, otherWords) : undefined;
  // A person's given-name syllables, counted across the text's words and hyphens; the final of the one before.
  let givenAt = 0;
  let previousFinal = -1;
  return pieces.map((piece, pieceIndex) => {
    if (counts[pieceIndex] === 0) return piece;
    const out: string[] = [];
    let rest = '';
    let at = 0;
    let word = '';
    let wordHangul = '';
    const endWord = () => {
      if (!word) return;
      out.push(word);
      keep(word, wordHangul);
      word = '';
      wordHangul = '';
    };
    for (const ch of piece) {
      if (!isHangulSyllable(ch)) {
        rest += ch;
        continue;
      }
      if (rest) {
        endWord();
        out.push(other(rest));
      }
      rest = '';
      const isSurname = surname !== undefined && surname[0] === pieceIndex && surname[1] === at;
      at += 1;
      const syllable = hangulSyllableParts(ch);
      if (!person) {
        // A word of an organisation's name: its syllables together, voiced after its first.
        word += romanizeParts(syllable, word.length > 0 && SONORANT_FINAL.has(previousFinal));
        wordHangul += ch;
        previousFinal = syllable.final;
        continue;
      }
      const latin = isSurname
        ? (ch.codePointAt(0) === SURNAME_LEE ? 'lee' : romanizeParts(syllable, false))
        : romanizeParts(syllable, givenAt > 0 && SONORANT_FINAL.has(previousFinal));
      out.push(latin);
      keep(latin, ch);
      if (isSurname) continue;
      previousFinal = syllable.final;
      givenAt += 1;
    }
    endWord();
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
 * Keys under which the spellings a Korean syllable is given by the lists and by people meet: the
 * DPRK and McCune–Reischauer spellings this module writes, the South's Revised Romanization and the
 * usual spellings of names (석 sok / seok / suk, 근 kun / geun, 현 hyon / hyeon / hyun, 정 jong /
 * chong / jeong / jung, 박 pak / bak / park, 덕 tok / deok / duck, 희 hui / hee, 우 u / woo).
 * Consonants are keyed by their Korean letter whatever the voicing (k g, t d, p b, j ch), l and r
 * are one, and an initial ㄹ is read as the South reads it (dropped before i and y, n elsewhere: 리 이
 * Lee, 류 유 Yu, 로 노 Roh). A Latin word's vowels are keyed by what they may write: eo only ㅓ (3),
 * eu only ㅡ (9), oo only ㅜ (U), but o either ㅓ or ㅗ (o) and u (or ou) ㅓ, ㅜ or ㅡ (u); ae, ai
 * and e are one (E: 백 Paek, Paik), as are ui, eui and i (I), and oe and oi are ㅚ (최 Choe, Choi).
 * A syllable in Hangul is keyed by its own vowel (hangulKey), so its key meets the Latin spellings of
 * that vowel only: 주 (ㅜ) meets Ju and Joo, not Jo; 정 (ㅓ) meets Jong, Jeong and Jung. English spellings' h after a vowel (Oh, Ahn, Roh), r
 * before a consonant (Park) and the w of Woo are dropped. Only a word romanized from Hangul is
 * compared under these keys, with a word in Latin letters (token-similarity.ts): they would make
 * many other names one.
 */
const KEY_STEPS: Array<[RegExp, string]> = [
  [/[^a-z]/g, ''],
  [/^rh/, 'r'],
  [/^w(?=oo|u)/, ''],
  [/([aeiouy])h(?=[^aeiouy]|$)/g, '$1'],
  [/([aeiou])r(?=[^aeiouy]|$)/g, '$1'],
  [/tch|ch|jj|j|z/g, 'C'],
  [/ng/g, 'G'],
  [/kk|kh|gg|ck|k|g|q|c/g, 'K'],
  [/tt|th|t|d/g, 'T'],
  [/pp|ph|p|b|f|v/g, 'P'],
  [/ss|sh|s/g, 'S'],
  [/l|r/g, 'L'],
  [/eui|ui|yi|ee/g, 'I'],
  [/oe|oi/g, 'oE'],
  [/ae|ai|ay/g, 'E'],
  [/eo/g, '3'],
  [/eu/g, '9'],
  [/oo/g, 'U'],
  [/ou/g, 'u'],
  [/e/g, 'E'],
  [/i/g, 'I'],
  [/a/g, 'A'],
  [/y/g, 'Y'],
  [/w/g, 'W'],
  [/n/g, 'N'],
  [/m/g, 'M'],
  [/h/g, 'H'],
];

/** The end of both keys (finishKoreanKey): the initial ㄹ as the South reads it, and doubled letters once. */
const KEY_END: Array<[RegExp, string]> = [
  [/^L(?=[IY])/, ''],
  [/^L/, 'N'],
  [/(.)\1+/g, '$1'],
];

/** A Latin word's Korean key (its o and u stand for several vowels: koreanKeysMeet). */
export function koreanKey(word: string): string {
  let key = word.toLowerCase();
  for (const [pattern, replacement] of KEY_STEPS) key = key.replace(pattern, replacement);
  return finishKoreanKey(key);
}

/** Key letters of the 19 initials, 21 vowels and 28 finals (Unicode order, as INITIAL, VOWEL, FINAL). */
const INITIAL_KEY = ['K', 'K', 'N', 'T', 'T', 'L', 'M', 'P', 'P', 'S', 'S', '', 'C', 'C', 'C', 'K', 'T', 'P', 'H'];
const VOWEL_KEY = ['A', 'E', 'YA', 'YE', '3', 'E', 'Y3', 'YE', 'O', 'WA', 'WE', 'OE', 'YO', 'U', 'W3', 'WE', 'WI', 'YU', '9', 'I', 'I'];
const FINAL_KEY = ['', 'K', 'K', 'K', 'N', 'N', 'N', 'T', 'L', 'K', 'M', 'L', 'L', 'L', 'P', 'L', 'M', 'P', 'P', 'T', 'T', 'G', 'T', 'T', 'K', 'T', 'P', 'T'];

/**
 * The Korean key of Hangul syllables, each by its own vowel, before its end (finishKoreanKey): the
 * keys of syllables written apart join into the key of the word they make together (석 + 열, Sukyeol).
 */
export function hangulKey(syllables: string): string {
  let key = '';
  for (const ch of syllables) {
    if (!isHangulSyllable(ch)) continue;
    const { initial, vowel, final } = hangulSyllableParts(ch);
    key += `${INITIAL_KEY[initial]}${VOWEL_KEY[vowel]}${FINAL_KEY[final]}`;
  }
  return key;
}

/** A hangulKey (of one syllable or several joined) with its end: the initial ㄹ as the South reads it, doubled letters once. */
export function finishKoreanKey(raw: string): string {
  let key = raw;
  for (const [pattern, replacement] of KEY_END) key = key.replace(pattern, replacement);
  return key;
}

/** What a key letter may stand for: a Latin o is ㅓ or ㅗ, a Latin u ㅓ, ㅜ or ㅡ. */
const MAY_BE: Record<string, string> = { o: '3O', u: '3U9' };

/** Two Korean keys meet where each letter may stand for one the other's may (keys of the same length, not empty). */
export function koreanKeysMeet(a: string, b: string): boolean {
  if (a.length !== b.length || a.length === 0) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x === y) continue;
    const xs = MAY_BE[x] ?? x;
    const ys = MAY_BE[y] ?? y;
    let meet = false;
    for (const c of xs) if (ys.includes(c)) meet = true;
    if (!meet) return false;
  }
  return true;
}

/** A key with every vowel class as one letter: the lookup of words whose keys may meet (candidate-generation.ts). */
export function coarseKoreanKey(key: string): string {
  return key.replace(/[3OU9ou]/g, 'V');
}
