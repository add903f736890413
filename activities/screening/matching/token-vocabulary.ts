/**
 * Interned name tokens. Every distinct folded token gets one id and one record holding its variant
 * key, phonetic key and weights, computed once however many names use it. The index stores token
 * ids in typed arrays; queries look their tokens up (or make transient records) here.
 */
import { boundedMemo } from './bounded-memo.js';
import { variantKey } from './name-variants.js';
import { ocrReadings } from './ocr-confusions.js';
import { kehehSpelling } from './consonantal-romanization.js';
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
  /** Other skeletons an Arabic-script word's letters allow (abjadReadings); most words have none. */
  abjadReadings: readonly AbjadReading[];
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
    abjadReadings: abjadReadings(folded, variant, phonetic),
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
 *  - و is the consonant w and the long vowel u: a u after a consonant is read as w too ("mruan" for
 *    مروان, Marwan; "anur" for انور, Anwar), against a word that writes w or v;
 *  - ث ذ ض (transliterated th, dh) are dentals in Arabic and sibilants in Persian, Urdu and Turkish
 *    spellings (Thaqib, Saqib; Fadl, Fazl; Dhakir, Zakir): read as z too, against a word that writes
 *    s or z; both at once (ذوالفقار, Zulfiqar);
 *  - ج before a consonant keeps its j ("jmal") where a Latin spelling's initial ja is keyed ya (Jamal,
 *    "yamal"; name-variants.ts): read as y too, against a word that writes j or y.
 * A reading of a second sound needs three consonant classes: two-class skeletons are too weak a sign
 * on their own (Casas and غیاث, "ghyath", would both be KS). The j reading is not a second sound but
 * the difference of our own keys, and counts like the word's skeleton (Juma, "yuma", and جمعه).
 */
export interface AbjadReading {
  key: string;
  /** Letter groups the other word must write, one letter of each ("wv": a w or a v). */
  needs: readonly string[];
}

const NO_READINGS: readonly AbjadReading[] = [];
const WAW_AS_VOWEL = /([^aeiou])u/g;
const MIN_READING_CLASSES = 3;

function abjadReadings(folded: string, variant: string, phonetic: string): readonly AbjadReading[] {
  const waw = /[^aeiou]u/.test(variant);
  const dental = folded.includes('th') || folded.includes('dh');
  const jim = variant.startsWith('j') && phonetic.startsWith('J');
  if (!waw && !dental && !jim) return NO_READINGS;
  const candidates: AbjadReading[] = [];
  if (waw) candidates.push({ key: phoneticKey(variant.replace(WAW_AS_VOWEL, '$1v')), needs: ['wv'] });
  if (dental) {
    const sibilant = variantKey(folded.replace(/th|dh/g, 'z'));
    candidates.push({ key: phoneticKey(sibilant), needs: ['sz'] });
    if (/[^aeiou]u/.test(sibilant)) candidates.push({ key: phoneticKey(sibilant.replace(WAW_AS_VOWEL, '$1v')), needs: ['wv', 'sz'] });
  }
  const out = candidates.filter((r, i) => r.key.length >= MIN_READING_CLASSES && r.key !== phonetic && candidates.findIndex((o) => o.key === r.key) === i);
  // Not a second sound but our own keys' difference (an initial ja keyed ya): as long as any skeleton.
  if (jim && phonetic.length >= 2) out.push({ key: `Y${phonetic.slice(1)}`, needs: ['jy'] });
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
