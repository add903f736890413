/**
 * What a word written in another script can stand for in Latin letters, beyond its one transliteration
 * (hebrew-romanization.ts, greek-spellings.ts, katakana-spellings.ts): carried by a query's token (name-tokenizer.ts RawToken
 * spellings) to the comparison (token-similarity.ts) and to candidate generation.
 */
import { phoneticKey } from './phonetic-key.js';
import { variantKey } from './name-variants.js';
import type { SpellingPattern } from './spelling-pattern.js';

export interface WordSpellings {
  /** Every consonant skeleton (phonetic-key.ts) of its likeliest readings: where its candidates are looked up. */
  skeletons: readonly string[];
  /** Its Latin spellings, as a pattern over a whole folded Latin word: a word matching it is the same name (0.9). */
  pattern: SpellingPattern | undefined;
  /** The same, looser (Hebrew: any vowel left unwritten), a weaker sign (0.8); undefined where there is none. */
  loosePattern: SpellingPattern | undefined;
  /**
   * Whether the word is compared by its spellings alone (Hebrew: its one transliteration guesses the
   * vowels, and an edit distance on the guess meets unrelated names), or also as its transliteration is
   * (Greek writes every vowel: its ELOT reading's typos and skeleton still count).
   */
  exclusive: boolean;
  /** false: the word never meets listed words joined (a by-sound reading of one or two syllables spells too many runs: 克里 "karl lee"). */
  joinsRuns?: boolean;
}

/** At most this many readings of a word are keyed for its candidates: units beyond them keep their likeliest. */
export const MAX_READINGS = 256;

/**
 * Visits every combination of one reading per unit (`options[i]`, likeliest first) while their number
 * stays within `most` (MAX_READINGS); the units beyond that keep their first reading. `endFirst`: the budget is
 * spent from the word's end (a surname's -ov, -ev, -in), else from its start.
 */
export function forEachReading(options: ReadonlyArray<readonly string[]>, endFirst: boolean, visit: (choice: (i: number) => string) => void, most = MAX_READINGS): void {
  let combos = 1;
  const kept: Array<readonly string[]> = new Array(options.length);
  for (let n = 0; n < options.length; n += 1) {
    const i = endFirst ? options.length - 1 - n : n;
    const o = options[i] as readonly string[];
    if (combos * o.length > most) kept[i] = [o[0] as string];
    else {
      combos *= o.length;
      kept[i] = o;
    }
  }
  const pick = new Array<number>(kept.length).fill(0);
  const choice = (i: number) => (kept[i] as readonly string[])[pick[i] as number] as string;
  for (let n = 0; n < combos; n += 1) {
    let rest = n;
    for (let i = 0; i < kept.length; i += 1) {
      const k = (kept[i] as readonly string[]).length;
      pick[i] = rest % k;
      rest = Math.floor(rest / k);
    }
    visit(choice);
  }
}

/** The consonant skeletons (phonetic-key.ts) of every reading forEachReading visits, each unit's readings written one after another. */
export function readingSkeletons(options: ReadonlyArray<readonly string[]>, endFirst: boolean, most = MAX_READINGS): string[] {
  const skeletons = new Set<string>();
  forEachReading(options, endFirst, (choice) => {
    let spelling = '';
    for (let i = 0; i < options.length; i += 1) spelling += choice(i);
    skeletons.add(phoneticKey(variantKey(spelling)));
  }, most);
  skeletons.delete('');
  return [...skeletons];
}

/** A name field's letters alone, composed (NFC): signs, marks, digits and format characters become spaces (readsAsKoreanName, readsAsChineseName). */
export function lettersOnly(field: string): string {
  return field.normalize('NFC').replace(/[^\p{L}\s]+/gu, ' ');
}

/** One spelling per consonant class of `options` (its phonetic key), at most `most`, likeliest first: a unit's readings for the skeletons. */
export function oneSpellingPerClass(options: readonly string[], most: number): string[] {
  const seen = new Map<string, string>();
  for (const o of options) {
    const key = o === '' ? '' : phoneticKey(variantKey(`${o}a`));
    if (!seen.has(key)) seen.set(key, o);
  }
  return [...seen.values()].slice(0, most);
}

/** A language's personal names, for readsAsNativeName. */
export interface NativeNames {
  /** A word of the script's letters (global). */
  word: RegExp;
  /** A character that is neither the script's letter nor a space. */
  other: RegExp;
  surnames: ReadonlySet<string>;
  /** The most syllables a given name has beside a surname, all its words together. */
  longestGiven: number;
}

/**
 * Whether a person's name fields read as a name of the language and only so (search.ts reads no
 * second, by-sound reading then; the fields' letters alone, composed: lettersOnly): the script's
 * letters alone, and a surname of the language where such a name has it, beside at most
 * `longestGiven` syllables of given name — one field's lone word (the surname field, or the first
 * field where the two were swapped); the first one or two syllables of a lone word (김정은, 欧阳修);
 * the first or last of several words (김 정은, 정은 김) — or a surname field beside given names of one
 * or two syllables each, however many (명자 정수 | 장). A foreign name written by sound is longer
 * (블라디미르 푸틴) or starts with no surname (푸틴); a short one written alone that starts with a
 * surname's syllable (마두로, 马杜罗) reads as native.
 */
export function readsAsNativeName(firstField: string, lastField: string, names: NativeNames): boolean {
  const first = lettersOnly(firstField);
  const last = lettersOnly(lastField);
  const text = `${first} ${last}`;
  if (names.other.test(text)) return false;
  const isSurname = (w: string | undefined): w is string => w !== undefined && names.surnames.has(w);
  const lastWords = last.match(names.word);
  const firstWords = first.match(names.word);
  if (lastWords?.length === 1 && isSurname(lastWords[0]) && firstWords?.every((w) => w.length <= 2) === true) return true;
  const words = text.match(names.word) ?? [];
  const syllables = words.reduce((n, w) => n + w.length, 0);
  const besideGiven = (surname: string | undefined) => isSurname(surname) && syllables > surname.length && syllables - surname.length <= names.longestGiven;
  if (lastWords && firstWords) return (lastWords.length === 1 && besideGiven(lastWords[0])) || (firstWords.length === 1 && besideGiven(firstWords[0]));
  if (words.length === 1) {
    const word = words[0] as string;
    return besideGiven(word.slice(0, 2)) || besideGiven(word.slice(0, 1));
  }
  return besideGiven(words[0]) || besideGiven(words[words.length - 1]);
}
