/**
 * Decides whether an article is adverse media about a business: the business name (legal forms
 * stripped, "Acme Trading Ltd" → "acme trading") occurs as a phrase, AND a negative-news term
 * occurs within PROXIMITY_WORDS of a mention. Pure; the database only preselects articles.
 */
import { stripLegalForms } from '../matching/legal-forms.js';
import { tokenizeArticleText } from './article-text.js';
import { findLexiconHits } from './lexicon-matcher.js';
import type { AdverseCategory } from './negative-news-lexicon.js';

/** How far (in words) a lexicon term may be from a name mention to count for it. */
export const PROXIMITY_WORDS = 40;

/** The words of a business name to look for in articles: folded, legal forms removed. */
export function businessNamePhrase(businessName: string): string[] {
  const words = tokenizeArticleText(businessName);
  return stripLegalForms(words).core;
}

export interface ArticleAssessment {
  /** The name occurs as a phrase. */
  mentioned: boolean;
  /** Lexicon categories found near a mention (empty: mentioned but not adverse). */
  categories: AdverseCategory[];
  terms: string[];
  mentionInTitle: boolean;
  /** The passage around the first adverse mention, for analysts. */
  snippet: string | null;
  score: number;
}

function phrasePositions(words: string[], phrase: string[]): number[] {
  const out: number[] = [];
  if (phrase.length === 0) return out;
  for (let i = 0; i + phrase.length <= words.length; i += 1) {
    let ok = true;
    for (let k = 0; k < phrase.length; k += 1) {
      if (words[i + k] !== phrase[k]) {
        ok = false;
        break;
      }
    }
    if (ok) out.push(i);
  }
  return out;
}

export function assessArticle(article: { title: string; text: string }, phrase: string[]): ArticleAssessment {
  const titleWords = tokenizeArticleText(article.title);
  const words = [...titleWords, ...tokenizeArticleText(article.text)];
  const mentions = phrasePositions(words, phrase);
  const none: ArticleAssessment = { mentioned: mentions.length > 0, categories: [], terms: [], mentionInTitle: false, snippet: null, score: 0 };
  if (mentions.length === 0) return none;
  const mentionInTitle = mentions.some((m) => m < titleWords.length);
  const near = findLexiconHits(words).filter((hit) =>
    mentions.some((m) => Math.abs(hit.position - m) <= PROXIMITY_WORDS + (hit.position > m ? phrase.length : 0)),
  );
  if (near.length === 0) return { ...none, mentionInTitle };
  const categories = [...new Set(near.map((h) => h.category))].sort();
  const terms = [...new Set(near.map((h) => h.term))].sort();
  const first = near[0]!;
  const anchor = mentions.reduce((best, m) => (Math.abs(m - first.position) < Math.abs(best - first.position) ? m : best), mentions[0]!);
  const from = Math.max(0, Math.min(anchor, first.position) - 8);
  const to = Math.min(words.length, Math.max(anchor + phrase.length, first.position + 1) + 8);
  // Scores rise with independent evidence: more categories, a mention in the headline.
  const score = Math.min(1, 0.6 + 0.1 * categories.length + (mentionInTitle ? 0.1 : 0) + (near.length >= 3 ? 0.05 : 0));
  return { mentioned: true, categories, terms, mentionInTitle, snippet: words.slice(from, to).join(' '), score: Math.round(score * 1000) / 1000 };
}
