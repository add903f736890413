/**
 * Finds negative-news lexicon terms in a tokenized article. Pure; the lexicon is compiled once.
 */
import { tokenizeArticleText } from './article-text.js';
import { NEGATIVE_NEWS_LEXICON, type AdverseCategory } from './negative-news-lexicon.js';

interface CompiledTerm {
  category: AdverseCategory;
  term: string;
  words: string[];
  /** The last word is a stem: any word starting with it matches. */
  prefix: boolean;
}

export interface LexiconHit {
  category: AdverseCategory;
  term: string;
  /** Word index of the term's first word in the article. */
  position: number;
}

function compile(): Map<string, CompiledTerm[]> {
  const byFirstWord = new Map<string, CompiledTerm[]>();
  for (const [category, terms] of Object.entries(NEGATIVE_NEWS_LEXICON) as [AdverseCategory, readonly string[]][]) {
    for (const term of terms) {
      const prefix = term.endsWith('*');
      const words = tokenizeArticleText(prefix ? term.slice(0, -1) : term);
      if (words.length === 0) continue;
      // Single-word stems are looked up by their first three letters; other terms by their whole first word.
      const key = words.length === 1 && prefix ? `~${words[0]!.slice(0, 3)}` : words[0]!;
      const list = byFirstWord.get(key) ?? [];
      list.push({ category, term, words, prefix });
      byFirstWord.set(key, list);
    }
  }
  return byFirstWord;
}

const COMPILED = compile();

function matchesAt(words: string[], at: number, term: CompiledTerm): boolean {
  if (at + term.words.length > words.length) return false;
  for (let k = 0; k < term.words.length; k += 1) {
    const word = words[at + k]!;
    const want = term.words[k]!;
    const last = k === term.words.length - 1;
    if (last && term.prefix ? !word.startsWith(want) : word !== want) return false;
  }
  return true;
}

/** Every lexicon term occurrence in `words` (already tokenized with tokenizeArticleText). */
export function findLexiconHits(words: string[]): LexiconHit[] {
  const hits: LexiconHit[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    const candidates = [...(COMPILED.get(word) ?? []), ...(COMPILED.get(`~${word.slice(0, 3)}`) ?? [])];
    for (const term of candidates) {
      if (matchesAt(words, i, term)) hits.push({ category: term.category, term: term.term, position: i });
    }
  }
  return hits;
}
