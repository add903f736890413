/**
 * The business-adverse-media screening: preselect articles containing the business name as a
 * phrase (full-text index), keep those with a negative-news term near a mention, and group them
 * by publication like matched_lists (list_type `adverse_media`, one entity per article).
 * Statuses: no article at all in the corpus → failed `no_articles_loaded`; no article mentions
 * the name → not_found; mentions but none adverse → completed without match.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/database.js';
import { SCREENING_ERROR_CODES, type AdverseMediaQuery } from '../../../workflows/screening/screening.contract.js';
import type { MatchedEntity, MatchedList } from '../results/matched-lists.js';
import type { ScreeningOutcome } from '../results/screening-outcome.js';
import { assessArticle, businessNamePhrase } from './adverse-media-match.js';
import { articleCorpusStats, articlesWithPhrase } from '../../../infra/db/repositories/articles.repository.js';

export const ADVERSE_MEDIA_ALGORITHM_VERSION = 'adverse-media-2026.11.1';
/** Articles examined per screening, newest first. */
export const MAX_ARTICLES_EXAMINED = 500;

function slugOf(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'adverse_media';
}

export interface AdverseMediaEntity extends MatchedEntity {
  title: string;
  url: string;
  published_at: string | null;
  snippet: string | null;
}

export async function runAdverseMediaScreening(db: Kysely<Database>, query: AdverseMediaQuery, ignoreList: readonly string[]): Promise<ScreeningOutcome> {
  const stats = await articleCorpusStats(db);
  const corpus = { slug: 'adverse_media', list_type: 'adverse_media', article_count: stats.articleCount, latest_ingested_at: stats.latestIngestedAt?.toISOString() ?? null };
  const base = { listVersions: [corpus], algorithmVersion: ADVERSE_MEDIA_ALGORITHM_VERSION, threshold: null };
  if (stats.articleCount === 0) {
    return {
      ...base,
      status: 'failed',
      hasMatch: null,
      matchedLists: null,
      errors: [{ code: SCREENING_ERROR_CODES.noArticlesLoaded, message: 'No adverse-media article is loaded; ingest feeds or article files first', details: {} }],
    };
  }
  const phrase = businessNamePhrase(query.business_name);
  const candidates = await articlesWithPhrase(db, phrase, MAX_ARTICLES_EXAMINED);
  const ignored = new Set(ignoreList);
  let mentioned = 0;
  const bySource = new Map<string, MatchedList>();
  for (const article of candidates) {
    const assessment = assessArticle({ title: article.title, text: `${article.summary}\n${article.body}` }, phrase);
    if (!assessment.mentioned) continue;
    mentioned += 1;
    if (assessment.categories.length === 0 || ignored.has(article.id)) continue;
    const sourceName = article.source_name ?? 'Adverse media';
    const slug = slugOf(sourceName);
    let list = bySource.get(slug);
    if (!list) {
      list = { name: sourceName, url: article.source_url ?? '', list_type: 'adverse_media', list_types: ['adverse_media'], slug, flag_code: null, country_code: null, match_types: [], entities: [] };
      bySource.set(slug, list);
    }
    const matchTypes = ['name_phrase', ...(assessment.mentionInTitle ? ['name_in_title'] : []), ...assessment.categories];
    const entity: AdverseMediaEntity = {
      id: article.id,
      source_id: article.url,
      name: article.title,
      alias_type: 'article',
      primary_name: article.title,
      kind: 'article',
      birthdates: [],
      birthdate: null,
      countries: [],
      programs: [],
      score: assessment.score,
      match_types: matchTypes,
      title: article.title,
      url: article.url,
      published_at: article.published_at?.toISOString() ?? null,
      snippet: assessment.snippet,
    };
    list.entities.push(entity);
  }
  const lists = [...bySource.values()];
  for (const list of lists) {
    list.entities.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
    list.match_types = [...new Set(list.entities.flatMap((e) => e.match_types))].sort();
  }
  lists.sort((a, b) => (b.entities[0]?.score ?? 0) - (a.entities[0]?.score ?? 0) || a.slug.localeCompare(b.slug));
  if (mentioned === 0) return { ...base, status: 'not_found', hasMatch: false, matchedLists: [], errors: null };
  return { ...base, status: 'completed', hasMatch: lists.length > 0, matchedLists: lists, errors: null };
}
