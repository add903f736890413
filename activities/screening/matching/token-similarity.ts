/**
 * Similarity of two name tokens, with the reason it holds. Steps, first hit wins for the reason,
 * best score wins overall:
 *   same folded spelling                          1.00  exact
 *   same variant key (romanization variant)       0.95  name_variant / transliteration
 *   initial vs a word starting with that letter   0.75  initials
 *   edit distance on variant keys (typos)         0.80 - 0.93 by distance and length  fuzzy_name
 *   same consonant skeleton                       0.80  phonetic (0.90 when one side was
 *                                                       transliterated from another script)
 * Edit distances allowed grow with length: 1 from 4 letters, 2 from 7, 3 from 12.
 */
import { jaroWinkler, osaDistanceWithin } from './string-similarity.js';
import { finishKoreanKey, koreanKeysMeet } from './hangul-romanization.js';
import { abjadReadingsOf, koreanKeyOf, type TokenInfo } from './token-vocabulary.js';
import { boundedMemo } from './bounded-memo.js';
import type { WordSpellings } from './word-spellings.js';

/** `nickname` is never produced here: search adds it from the nickname table (nickname-match.ts). */
export type TokenMatchKind = 'exact' | 'name_variant' | 'transliteration' | 'initials' | 'fuzzy_name' | 'phonetic' | 'nickname' | 'none';

export interface TokenMatch {
  score: number;
  kind: TokenMatchKind;
}

const NONE: TokenMatch = { score: 0, kind: 'none' };

/**
 * Score of a typo by edit distance and length. Short words change meaning with one letter
 * (Chen/Cheng, Li/Lin), so they need the same first letter and score lower.
 */
function fuzzyScore(distance: number, length: number, sameFirst: boolean): number {
  if (distance === 0) return 0.95;
  if (distance === 1) {
    if (length >= 8) return 0.93;
    if (length >= 6) return 0.9;
    if (!sameFirst) return 0;
    return length === 5 ? 0.86 : length === 4 ? 0.82 : 0;
  }
  if (distance === 2) return length >= 9 ? 0.86 : length >= 7 && sameFirst ? 0.8 : 0;
  if (distance === 3) return length >= 12 ? 0.8 : 0;
  return 0;
}

function maxDistance(length: number): number {
  return length >= 12 ? 3 : length >= 7 ? 2 : length >= 4 ? 1 : 0;
}

/**
 * The largest distance fuzzyScore rewards at this length (as it is given the length) and first
 * letter, read from fuzzyScore itself: a distance beyond it scores 0 however it is found, so the edit
 * distance is searched no further (most word pairs of two names differ in their first letter, and
 * short ones then score nothing at all). fuzzyScore rewards no distance above 3.
 */
function rewardedDistance(length: number, sameFirst: boolean): number {
  for (let d = 3; d >= 1; d -= 1) if (fuzzyScore(d, length, sameFirst) > 0) return d;
  return 0;
}

/** The two strings differ only by two neighbouring letters swapped ("naoh" / "noah"). */
function adjacentSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** A query syllable's Hangul key is finished for every listed word it meets: once per key instead (regular expressions). */
const finishedKoreanKey = boundedMemo(finishKoreanKey, 10_000);

/** Two spellings of one Korean syllable (or run of them) under the Korean key. */
export const KOREAN_KEY_SCORE = 0.9;

/**
 * Whether two words meet under their Korean keys (hangul-romanization.ts koreanKeysMeet): a word
 * romanized from Hangul by its Hangul's own key (`korean`, a hangulKey) where the query gives it, else
 * by its Latin spelling's.
 */
export function koreanKeysOfMeet(a: TokenInfo, b: TokenInfo, koreanA?: string, koreanB?: string): boolean {
  return koreanKeysMeet(koreanKeyOfWord(a, koreanA), koreanKeyOfWord(b, koreanB));
}

/** A word's Korean key: its Hangul's (a hangulKey, finished) where given, else its Latin spelling's. */
export function koreanKeyOfWord(info: TokenInfo, korean?: string): string {
  return korean ? finishedKoreanKey(korean) : koreanKeyOf(info);
}

/** A word from another script against a Latin word matching its spellings (word-spellings.ts pattern). */
export const SPELLING_SCORE = 0.9;
/** ... matching only its loose spellings (Hebrew with a long vowel left unwritten: משה Moshe). */
const LOOSE_SPELLING_SCORE = 0.8;

/**
 * A word written in Hebrew, Greek or katakana (`a`, with its spellings: hebrew-romanization.ts,
 * greek-spellings.ts, katakana-spellings.ts) against another word, by its Latin spellings: its one
 * transliteration guesses the vowels Hebrew leaves out, or which sound a Greek digraph stands for
 * (Λάντεν "lanten" is Laden). A match of a two-letter word with one consonant is weak evidence (0.75).
 */
function spellingSimilarity(b: TokenInfo, spellings: WordSpellings): TokenMatch {
  if (b.isInitial) return NONE;
  // Consonant letters as written (Popov's skeleton is one class, P, but it has three consonants);
  // counted only for a word a pattern spells (most listed words are not). A word of vowels alone matches nothing.
  if (spellings.pattern?.test(b.folded)) {
    const consonants = consonantLetters(b.folded);
    // A whole spelling of three letters or more (Ali) is as good as a longer one; a two-letter word with one consonant is weak.
    return consonants === 0 ? NONE : { score: consonants >= 2 || b.folded.length >= 3 ? SPELLING_SCORE : 0.75, kind: 'transliteration' };
  }
  if (spellings.loosePattern?.test(b.folded) && consonantLetters(b.folded) >= 2) return { score: LOOSE_SPELLING_SCORE, kind: 'transliteration' };
  return NONE;
}

/** Letters of a folded word other than a, e, i, o, u, y. */
function consonantLetters(word: string): number {
  let n = 0;
  for (let k = 0; k < word.length; k += 1) if (!'aeiouy'.includes(word[k] as string)) n += 1;
  return n;
}

/** A skeleton match once a glued article is allowed for. */
const ABJAD_AFFIX_SCORE = 0.88;

/**
 * Skeletons of an abjad-derived word and a Latin word that differ only by a leading L: the article
 * written into the word without its alif is split off by the tokenizer ("ltkryty" → al + tkryty), so
 * a name whose own first letter is l (لحبوس, "lHbws" / Lahbous) still matches. Two letters must remain.
 */
function abjadAffixMatch(a: string, b: string): boolean {
  if (a === b || a.length < 2 || b.length < 2) return false;
  const long = a.length > b.length ? a : b;
  const short = a.length > b.length ? b : a;
  // (endsWith of a string one letter longer: its rest, without a slice per pair.)
  return long.length === short.length + 1 && long[0] === 'L' && long.endsWith(short);
}

/**
 * A vowelless romanization `a`'s skeleton with its "kh" read as k, where that reading may meet `b`;
 * else undefined. Only a's kh is read so: it is the romanization's kh that may stand for ک (a Latin
 * "Shaykh" keeps its kh). And b must write a k: the skeleton's K class holds g and q too, which ک
 * never is (Unidecode writes گ g, ق q), so Akhtar ("khtr") does not meet QUAYDIR.
 */
function kehehAgainst(a: TokenInfo, b: TokenInfo): string | undefined {
  return kehehReadable(a) && b.folded.includes('k') ? a.phoneticKeheh : undefined;
}

/**
 * The fewest consonant classes a kh-as-k reading needs to count: two-class words read a second way
 * are too weak a sign ("khn", Khan in most names, would meet KONY and AL-KANI as Kan).
 */
const KEHEH_MIN_CLASSES = 3;

/** Whether a word has a kh-as-k reading that counts (TokenInfo phoneticKeheh). */
export function kehehReadable(a: TokenInfo): boolean {
  return a.phoneticKeheh !== a.phonetic && a.phoneticKeheh.length >= KEHEH_MIN_CLASSES;
}

/**
 * The abjad word's other skeleton (TokenInfo abjadReadings: its و read as w, its initial ج as y) is
 * the other word's skeleton, and the other word writes the letter that reading stands for: a reading
 * never makes a second f of a word that writes no w (مروان, read MRFN, does not meet Marfan). `sides`:
 * which of the two words is written in an abjad (READ_A, READ_B): only that word is read so (a Latin
 * Samuil's u is a vowel).
 */
function abjadReadingMatch(a: TokenInfo, b: TokenInfo, sides: number): boolean {
  return ((sides & READ_A) !== 0 && readingOf(a, b)) || ((sides & READ_B) !== 0 && readingOf(b, a));
}

export const READ_A = 1;
export const READ_B = 2;

function readingOf(a: TokenInfo, b: TokenInfo): boolean {
  for (const r of abjadReadingsOf(a)) {
    if (r.key === b.phonetic && r.writes.test(b.folded)) return true;
  }
  return false;
}

function sameOcrReading(a: TokenInfo, b: TokenInfo): boolean {
  return a.ocr === b.ocr || a.ocrSecond === b.ocr || a.ocr === b.ocrSecond || a.ocrSecond === b.ocrSecond;
}

/** How the two tokens relate across scripts. */
export const ScriptRelation = { Same: 0, Transliterated: 1, FromAbjad: 2, BothAbjad: 3, Romanized: 4, FromHangul: 5 } as const;
export type ScriptRelation = (typeof ScriptRelation)[keyof typeof ScriptRelation];

/** Whether two words compare across an abjad (Arabic script): on the consonant skeleton. */
export function isAbjadRelation(relation: ScriptRelation): boolean {
  return relation === ScriptRelation.FromAbjad || relation === ScriptRelation.BothAbjad || relation === ScriptRelation.Romanized;
}

/**
 * `relation`: Transliterated when exactly one side came from another script (labels the match
 * "transliteration"); FromAbjad when that script writes no short vowels (Arabic, Hebrew), which
 * also makes a consonant-skeleton match strong evidence; BothAbjad when both sides came from an
 * abjad, one as a vowelless Latin romanization and the other in its own script (name-similarity.ts
 * scriptRelation): compared on the skeleton like FromAbjad, while an identical word stays "exact";
 * Romanized when one side is such a romanization and the other a Latin word: like FromAbjad. In
 * these two relations `a` is the romanization (name-similarity.ts compareTokens puts it first), and
 * its skeleton is also read with its "kh" as k (Unidecode's rendering of the Persian keheh ک:
 * consonantal-romanization.ts kehehSpelling), against a word that writes a k (kehehAgainst).
 * `abjadSides`: which of the two words is written in an abjad and may be read two ways (READ_A,
 * READ_B; abjadReadingMatch): none unless given. FromHangul: one word romanized from Hangul, the
 * other in Latin letters: like Transliterated, and the two also meet at 0.9 under their Korean keys
 * (koreanKeysOfMeet: 석 "sok" and Suk, 근 "kun" and Geun, 조 "jo" and Cho, not 주), as a consonant
 * skeleton does across an abjad; `koreanA` / `koreanB`: a word's Hangul key where known.
 * `spellingsA`: `a` is written in Hebrew, Greek or katakana and these are its Latin spellings
 * (spellingSimilarity): past the same spelling and initials, a Hebrew word is compared by them alone
 * (not by its variant key either), a Greek or katakana word by them as well as by its
 * transliteration (WordSpellings.exclusive).
 */
export function tokenSimilarity(a: TokenInfo, b: TokenInfo, relation: ScriptRelation = ScriptRelation.Same, abjadSides = 0, koreanA?: string, koreanB?: string, spellingsA?: WordSpellings): TokenMatch {
  const transliterated = relation === ScriptRelation.Transliterated || relation === ScriptRelation.FromAbjad || relation === ScriptRelation.Romanized || relation === ScriptRelation.FromHangul;
  if (a.folded === b.folded) return { score: 1, kind: transliterated ? 'transliteration' : 'exact' };
  // A Hebrew word's one transliteration guesses its vowels: its variant key means nothing (עבאס "avs" is not Aws).
  if (spellingsA?.exclusive === true && !a.isInitial && !b.isInitial) return spellingSimilarity(b, spellingsA);
  if (a.variant === b.variant) return { score: 0.95, kind: transliterated ? 'transliteration' : 'name_variant' };
  // Korean keys before initials: a syllable of one letter (우 "u", 이 "i", 오 "o") is a syllable, not an initial.
  const korean = relation === ScriptRelation.FromHangul && koreanKeysOfMeet(a, b, koreanA, koreanB);
  if (korean && (a.isInitial || b.isInitial)) return { score: KOREAN_KEY_SCORE, kind: 'transliteration' };
  if (a.isInitial !== b.isInitial) {
    const initial = a.isInitial ? a.folded : b.folded;
    const word = a.isInitial ? b : a;
    return word.folded.startsWith(initial) || word.variant.startsWith(initial) ? { score: 0.75, kind: 'initials' } : NONE;
  }
  if (a.isInitial || b.isInitial) return NONE;
  let best = NONE;
  if (a.folded.length === 3 && b.folded.length === 3 && a.folded[0] === b.folded[0] && a.folded[1] === b.folded[2] && a.folded[2] === b.folded[1]) {
    // Three-letter words: only a swap of the last two letters (Sok/Sko, Abd/Adb... after the first) counts.
    best = { score: 0.8, kind: 'fuzzy_name' };
  }
  const length = Math.max(a.variant.length, b.variant.length);
  // Swapped first two letters (Badur/Abdur) is a typo like any other.
  const swappedStart = a.folded[0] === b.folded[1] && a.folded[1] === b.folded[0];
  const sameFirst = a.folded[0] === b.folded[0] || a.variant[0] === b.variant[0] || swappedStart;
  const scoredLength = Math.max(length, Math.min(a.folded.length, b.folded.length));
  // Distances allowed by length, and rewarded by fuzzyScore: a larger one scores nothing.
  const rewarded = rewardedDistance(scoredLength, sameFirst);
  const limit = Math.min(maxDistance(length), rewarded);
  if (limit > 0) {
    // The smaller of the two distances; the second is only searched below the first. Words whose
    // letter sets alone put them beyond the limit (most pairs of two names' words) are answered
    // without the edit distance: it would exceed its limit too, and any distance above the limit
    // scores nothing.
    const dVariant = osaDistanceWithin(a.variant, a.variantLetters, b.variant, b.variantLetters, limit);
    const d = dVariant === 0 ? 0 : Math.min(dVariant, osaDistanceWithin(a.folded, a.foldedLetters, b.folded, b.foldedLetters, Math.min(limit, dVariant - 1)));
    const score = d <= limit ? fuzzyScore(d, scoredLength, sameFirst) : 0;
    if (score > 0) best = { score, kind: 'fuzzy_name' };
  } else if (rewarded > 0 && adjacentSwap(a.folded, b.folded)) {
    // The key alone allowed no edit: a variant key can be shorter than its spelling ("noa" for Noah,
    // "du" for Dhou), and at three letters it allows none. Two neighbouring letters swapped in a
    // spelling of four letters or more ("Naoh", "Dhuo") is still one typo of that spelling (`rewarded`
    // is 0 below four letters, and for short words of different first letters, most pairs). Only a
    // swap: a letter changed or dropped in such a word makes other short names (Phan/Pham, Than/Thin).
    const score = fuzzyScore(1, scoredLength, sameFirst);
    if (score > best.score) best = { score, kind: 'fuzzy_name' };
  }
  // OCR confusions (rn/m, 5/S, IVI/M, 1/l ...) read like one typo of the word's length, whatever letter they touch
  // (a word with a digit read two ways matches on either of its readings, ocr-confusions.ts).
  const ocrLength = Math.max(a.folded.length, b.folded.length);
  if (!transliterated && ocrLength >= 4 && sameOcrReading(a, b)) {
    const score = Math.max(0.82, fuzzyScore(1, ocrLength, true));
    if (score > best.score) best = { score, kind: 'fuzzy_name' };
  }
  const romanized = relation === ScriptRelation.BothAbjad || relation === ScriptRelation.Romanized;
  const abjad = isAbjadRelation(relation);
  // Where a is a vowelless romanization, its kh is also read as k (TokenInfo phoneticKeheh).
  const keheh = romanized ? kehehAgainst(a, b) : undefined;
  const sameSkeleton = (a.phonetic.length >= 2 && a.phonetic === b.phonetic) || (keheh !== undefined && keheh === b.phonetic) || (abjad && abjadReadingMatch(a, b, abjadSides));
  // A shared skeleton between Latin spellings counts only for words of similar shape (Gup is not Qubayi).
  // (Weighed only for a shared skeleton: Jaro-Winkler is the costly part.)
  if (sameSkeleton && (abjad || (Math.abs(a.variant.length - b.variant.length) <= 2 && jaroWinkler(a.variant, b.variant) >= 0.8))) {
    const score = abjad ? 0.9 : 0.8;
    if (score > best.score) best = { score, kind: abjad ? 'transliteration' : 'phonetic' };
  } else if (abjad && best.score < ABJAD_AFFIX_SCORE && (abjadAffixMatch(a.phonetic, b.phonetic) || (keheh !== undefined && abjadAffixMatch(keheh, b.phonetic)))) {
    best = { score: ABJAD_AFFIX_SCORE, kind: 'transliteration' };
  } else if (abjad && a.phonetic.length === 1 && a.phonetic === b.phonetic && best.score < 0.75) {
    best = { score: 0.75, kind: 'transliteration' };
  }
  if (korean && best.score < KOREAN_KEY_SCORE) best = { score: KOREAN_KEY_SCORE, kind: 'transliteration' };
  if (spellingsA !== undefined && best.score < SPELLING_SCORE) {
    const spelled = spellingSimilarity(b, spellingsA);
    if (spelled.score > best.score) best = spelled;
  }
  if (transliterated && best.kind === 'fuzzy_name') best = { score: best.score, kind: 'transliteration' };
  return best;
}
