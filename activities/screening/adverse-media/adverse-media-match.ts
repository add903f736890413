/**
 * Decides whether an article is adverse media about a business: the business name (legal forms
 * stripped, "Acme Trading Ltd" → "acme trading") occurs as a phrase, AND a negative-news term
 * occurs in the same sentence as a mention (the headline counts as one sentence). Same-sentence
 * co-occurrence keeps "Acme wins award. In unrelated news, a fraud trial..." from counting.
 * Pure; the database only preselects articles.
 */
import { stripLegalForms } from '../matching/legal-forms.js';
import { tokenizeArticleText } from './article-text.js';
import { findLexiconHits } from './lexicon-matcher.js';
import type { AdverseCategory } from './negative-news-lexicon.js';

/** Within a (long) sentence, how far in words a term may be from the mention. */
export const PROXIMITY_WORDS = 40;

/** The words of a business name to look for in articles: folded, legal forms removed. */
export function businessNamePhrase(businessName: string): string[] {
  return stripLegalForms(tokenizeArticleText(businessName)).core;
}

/**
 * Sentences of a text: a break after . ! ? followed by an uppercase letter or a quote, or a line
 * break. "Globex Corp. paid bribes" stays one sentence (lowercase after the period).
 */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}"“«¿¡])|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export interface ArticleAssessment {
  /** The name occurs as a phrase. */
  mentioned: boolean;
  /** Lexicon categories found in a sentence that names the business (empty: mentioned but not adverse). */
  categories: AdverseCategory[];
  terms: string[];
  mentionInTitle: boolean;
  /** The first sentence that names the business with a negative term, for analysts. */
  snippet: string | null;
  score: number;
}

function phrasePositions(words: string[], phrase: string[]): number[] {
  const out: number[] = [];
  if (phrase.length === 0) return out;
  for (let i = 0; i + phrase.length <= words.length; i += 1) {
    let k = 0;
    while (k < phrase.length && words[i + k] === phrase[k]) k += 1;
    if (k === phrase.length) out.push(i);
  }
  return out;
}

export function assessArticle(article: { title: string; text: string }, phrase: string[]): ArticleAssessment {
  const sentences = [article.title, ...splitSentences(article.text)];
  let mentioned = false;
  let mentionInTitle = false;
  let snippet: string | null = null;
  const categories = new Set<AdverseCategory>();
  const terms = new Set<string>();
  let termHits = 0;
  sentences.forEach((sentence, index) => {
    const words = tokenizeArticleText(sentence);
    const mentions = phrasePositions(words, phrase);
    if (mentions.length === 0) return;
    mentioned = true;
    if (index === 0) mentionInTitle = true;
    const near = findLexiconHits(words).filter((hit) => mentions.some((m) => hit.position >= m - PROXIMITY_WORDS && hit.position <= m + phrase.length + PROXIMITY_WORDS));
    if (near.length === 0) return;
    for (const hit of near) {
      categories.add(hit.category);
      terms.add(hit.term);
    }
    termHits += near.length;
    snippet ??= sentence.length > 400 ? `${sentence.slice(0, 400)}…` : sentence;
  });
  if (categories.size === 0) return { mentioned, categories: [], terms: [], mentionInTitle, snippet: null, score: 0 };
  // Scores rise with independent evidence: more categories, a mention in the headline, repeated terms.
  const score = Math.min(1, 0.6 + 0.1 * categories.size + (mentionInTitle ? 0.1 : 0) + (termHits >= 3 ? 0.05 : 0));
  return {
    mentioned,
    categories: [...categories].sort(),
    terms: [...terms].sort(),
    mentionInTitle,
    snippet,
    score: Math.round(score * 1000) / 1000,
  };
}
