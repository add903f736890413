/**
 * Similarity of two name tokens, with the reason it holds. Steps, first hit wins for the reason,
 * best score wins overall:
 *   same folded spelling                          1.00  exact
 *   same variant key (romanization variant)       0.95  name_variant / transliteration
 *   initial vs a word starting with that letter   0.75  initials
 *   edit distance on variant keys (typos)         0.78 - 0.93 by distance and length  fuzzy_name
 *   same consonant skeleton                       0.80  phonetic (0.90 when one side was
 *                                                       transliterated from another script)
 * Edit distances allowed grow with length: 1 from 4 letters, 2 from 6, 3 from 10.
 */
import { osaDistance } from './string-similarity.js';
import type { TokenInfo } from './token-vocabulary.js';

export type TokenMatchKind = 'exact' | 'name_variant' | 'transliteration' | 'initials' | 'fuzzy_name' | 'phonetic' | 'none';

export interface TokenMatch {
  score: number;
  kind: TokenMatchKind;
}

const NONE: TokenMatch = { score: 0, kind: 'none' };

function fuzzyScore(distance: number, length: number): number {
  if (distance === 0) return 0.95;
  if (distance === 1) return length >= 8 ? 0.93 : length >= 6 ? 0.91 : length >= 4 ? 0.88 : 0;
  if (distance === 2) return length >= 9 ? 0.87 : length >= 6 ? 0.82 : 0;
  if (distance === 3) return length >= 12 ? 0.82 : length >= 10 ? 0.78 : 0;
  return 0;
}

function maxDistance(length: number): number {
  return length >= 10 ? 3 : length >= 6 ? 2 : length >= 4 ? 1 : 0;
}

export function tokenSimilarity(a: TokenInfo, b: TokenInfo, transliterated: boolean): TokenMatch {
  if (a.folded === b.folded) return { score: 1, kind: 'exact' };
  if (a.variant === b.variant) return { score: 0.95, kind: transliterated ? 'transliteration' : 'name_variant' };
  if (a.isInitial !== b.isInitial) {
    const initial = a.isInitial ? a.folded : b.folded;
    const word = a.isInitial ? b : a;
    return word.folded.startsWith(initial) || word.variant.startsWith(initial) ? { score: 0.75, kind: 'initials' } : NONE;
  }
  if (a.isInitial || b.isInitial) return NONE;
  let best = NONE;
  const length = Math.max(a.variant.length, b.variant.length);
  const limit = maxDistance(length);
  if (limit > 0) {
    const d = Math.min(osaDistance(a.variant, b.variant, limit), osaDistance(a.folded, b.folded, limit));
    const score = fuzzyScore(d, Math.max(length, Math.min(a.folded.length, b.folded.length)));
    if (score > 0) best = { score, kind: 'fuzzy_name' };
  }
  if (a.phonetic.length >= 2 && a.phonetic === b.phonetic) {
    const score = transliterated ? 0.9 : 0.8;
    if (score > best.score) best = { score, kind: transliterated ? 'transliteration' : 'phonetic' };
  } else if (transliterated && a.phonetic.length === 1 && a.phonetic === b.phonetic && best.score < 0.75) {
    best = { score: 0.75, kind: 'transliteration' };
  }
  return best;
}
