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
