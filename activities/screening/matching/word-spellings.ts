/**
 * What a word written in another script can stand for in Latin letters, beyond its one transliteration
 * (hebrew-romanization.ts, greek-spellings.ts, katakana-spellings.ts): carried by a query's token (name-tokenizer.ts RawToken
 * spellings) to the comparison (token-similarity.ts) and to candidate generation.
 */
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
}
