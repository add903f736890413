/**
 * Interned name tokens. Every distinct folded token gets one id and one record holding its variant
 * key, phonetic key and weights, computed once however many names use it. The index stores token
 * ids in typed arrays; queries look their tokens up (or make transient records) here.
 */
import { boundedMemo } from './bounded-memo.js';
import { variantKey } from './name-variants.js';
import { ocrReadings } from './ocr-confusions.js';
import { kehehSpelling } from './consonantal-romanization.js';
import { koreanKey } from './hangul-romanization.js';
import { phoneticKey } from './phonetic-key.js';
import { letterSet } from './string-similarity.js';
import { isKindOrPlaceWord, tokenWeight } from './token-weights.js';

export interface TokenInfo {
  folded: string;
  variant: string;
  phonetic: string;
  /**
   * The skeleton of the word with its "kh" read as k (consonantal-romanization.ts kehehSpelling): a
   * vowelless romanization's kh may stand for the Persian keheh ک, which Unidecode writes kh ("nykh",
   * Nik). `phonetic` when the word holds no kh.
   */
  phoneticKeheh: string;
  /**
   * Other skeletons an Arabic-script word's letters allow: read through abjadReadingsOf, which works
   * them out on first use (only words compared across an abjad need them).
   */
  abjadReadings: readonly AbjadReading[] | undefined;
  /** The word's Korean key (hangul-romanization.ts koreanKey), read through koreanKeyOf on first use. */
  korean: string | undefined;
  /** The word with OCR confusions folded (ocr-confusions.ts). */
  ocr: string;
  /** Its second OCR reading (a 1 in a letter group, 0 as D, 8 as S: ocr-confusions.ts); `ocr` when it has none. */
  ocrSecond: string;
  isInitial: boolean;
  weightPerson: number;
  weightOrganisation: number;
  /** In an organisation's name, a word of kind or place rather than of the name proper (token-weights.ts). */
  kindOrPlace: boolean;
  /** letterSet of `folded` and of `variant` (string-similarity.ts): a bound of their edit distances to another word's. */
  foldedLetters: number;
  variantLetters: number;
}

/**
 * Transient token records (query words, joined runs of listed words) are memoised: the same joined
 * runs recur across candidate names. Bounded at 50,000 records (roughly 270 bytes each: the records
 * alone hold at most about 13 MB in the process that matches). At 200,000 a portfolio of 40,000 names
 * left 80,345 records held (23 MB with the other memos), for no speed (README, Screening → Measured).
 */
export const makeTokenInfo: (folded: string) => TokenInfo = boundedMemo((folded) => computeTokenInfo(folded), 50_000);

function computeTokenInfo(folded: string): TokenInfo {
  const variant = variantKey(folded);
  const isInitial = folded.length === 1 && /[a-z]/.test(folded);
  const base = { folded, variant, isInitial };
  const [ocr, ocrSecond] = ocrReadings(folded);
  const phonetic = phoneticKey(variant);
  const keheh = kehehSpelling(folded);
  return {
    folded,
    variant,
    phonetic,
    phoneticKeheh: keheh === folded ? phonetic : phoneticKey(variantKey(keheh)),
    abjadReadings: undefined,
    korean: undefined,
    ocr,
    ocrSecond,
    isInitial,
    weightPerson: tokenWeight(base, false),
    weightOrganisation: tokenWeight(base, true),
    kindOrPlace: isKindOrPlaceWord(folded),
    foldedLetters: letterSet(folded),
    variantLetters: letterSet(variant),
  };
}

/**
 * A second skeleton of a word, and the letters the other word must write for it to count
 * (token-similarity.ts abjadReadingMatch; only a word written in an abjad is read so). Arabic script
 * writes some sounds with one letter that Latin spellings write two ways, and the transliteration
 * (arabic-transliteration.ts) can give only one:
 *  - و is the consonant w and the long vowel u, and the transliteration writes u after a consonant.
 *    Before a long vowel (ا, ي, ى: "ua", "ui", "uy") it can only be the consonant — two long vowels
 *    do not meet in a word — so such a u is read as w too ("mruan" for مروان, Marwan; "zuahri" for
 *    الظواهري, Zawahiri), against a word that writes w or v. Between consonants it is mostly the long
 *    vowel (يونس Yunus, نورزی Noorzai) and is not read so: Juvencio and Nevarez would meet them.
 *  - ج before a consonant keeps its j ("jmal", "jrman") where a Latin spelling's initial ja is keyed
 *    ya (Jamal, "yamal") and its je is keyed e (Djermane, "ermane"; name-variants.ts): read as y, and
 *    as nothing, against a word that starts with j, dj, dzh or zh — a Latin y is ي (Yasser is not
 *    جزيرة, "jzira").
 * Only a word of three consonant classes or more is read so (its own skeleton, before the reading):
 * a two-class skeleton is a weak sign already, and a reading would let it meet many more names (نوال,
 * "nual", NL, read NFL, would meet Neville and Novelli; جلال, JL, read YL, Julia and Yulia).
 */
export interface AbjadReading {
  key: string;
  /** What the other word must write for the reading to count. */
  writes: RegExp;
}

const NO_READINGS: readonly AbjadReading[] = [];
const MIN_READING_CLASSES = 3;
const WRITES_W = /[wv]/;
const STARTS_WITH_J = /^(?:j|dj|dzh|zh)/;
/** A u after a consonant and before a long vowel's letter: و as the consonant w. */
const WAW_BEFORE_VOWEL = /([^aeiou])u(?=[aiy])/g;

/** The word's Korean key, worked out once per record (only words compared with one romanized from Hangul need it). */
export function koreanKeyOf(info: TokenInfo): string {
  if (info.korean === undefined) info.korean = koreanKey(info.folded);
  return info.korean;
}

/** The word's other skeletons (AbjadReading), worked out once per record. */
export function abjadReadingsOf(info: TokenInfo): readonly AbjadReading[] {
  if (info.abjadReadings === undefined) info.abjadReadings = abjadReadings(info.folded, info.variant, info.phonetic);
  return info.abjadReadings;
}

function abjadReadings(folded: string, variant: string, phonetic: string): readonly AbjadReading[] {
  if (phonetic.length < MIN_READING_CLASSES) return NO_READINGS;
  const out: AbjadReading[] = [];
  const waw = variant.replace(WAW_BEFORE_VOWEL, '$1v');
  if (waw !== variant) {
    const key = phoneticKey(waw);
    if (key !== phonetic) out.push({ key, writes: WRITES_W });
  }
  // ج itself (not a j of the variant key's zh, dj, dz: زهير is "zhir"), before a consonant.
  if (/^j[^aeiouhy]/.test(folded) && variant.startsWith('j')) {
    out.push({ key: `Y${phonetic.slice(1)}`, writes: STARTS_WITH_J });
    out.push({ key: phonetic.slice(1), writes: STARTS_WITH_J });
  }
  return out.length > 0 ? out : NO_READINGS;
}

export class TokenVocabulary {
  private readonly ids = new Map<string, number>();
  readonly tokens: TokenInfo[] = [];

  get size(): number {
    return this.tokens.length;
  }

  idOf(folded: string): number | undefined {
    return this.ids.get(folded);
  }

  intern(folded: string): number {
    let id = this.ids.get(folded);
    if (id === undefined) {
      id = this.tokens.length;
      this.tokens.push(computeTokenInfo(folded));
      this.ids.set(folded, id);
    }
    return id;
  }

  info(id: number): TokenInfo {
    return this.tokens[id] as TokenInfo;
  }

  /** The record for a query token: the interned one when known, else a fresh one. */
  lookup(folded: string): TokenInfo {
    const id = this.ids.get(folded);
    return id === undefined ? makeTokenInfo(folded) : (this.tokens[id] as TokenInfo);
  }
}
