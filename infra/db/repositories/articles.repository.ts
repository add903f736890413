/**
 * Data access for adverse-media articles: upsert by URL, corpus statistics, and the full-text
 * preselection (GIN index on the folded text's tsvector) of articles containing a name phrase.
 */
import { sql } from 'kysely';
import type { Executor } from '../executor.js';
import type { AdverseMediaArticleRow } from '../tables/adverse-media-articles.table.js';

/** An article to store, with its text already folded for search. */
export interface ArticleInsert {
  url: string;
  title: string;
  summary: string;
  body: string;
  language: string | null;
  publishedAt: Date | null;
  sourceName: string | null;
  sourceUrl: string | null;
  foldedText: string;
}

/** Upserts articles by URL; returns how many rows were inserted or changed. */
export async function upsertArticles(db: Executor, articles: readonly ArticleInsert[], now: Date): Promise<number> {
  let stored = 0;
  for (let i = 0; i < articles.length; i += 500) {
    const batch = articles.slice(i, i + 500);
    const result = await db
      .insertInto('adverse_media_articles')
      .values(
        batch.map((a) => ({
          url: a.url,
          title: a.title,
          summary: a.summary,
          body: a.body,
          language: a.language,
          published_at: a.publishedAt,
          source_name: a.sourceName,
          source_url: a.sourceUrl,
          folded_text: a.foldedText,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.column('url').doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          summary: eb.ref('excluded.summary'),
          body: eb.ref('excluded.body'),
          language: eb.ref('excluded.language'),
          published_at: eb.ref('excluded.published_at'),
          source_name: eb.ref('excluded.source_name'),
          source_url: eb.ref('excluded.source_url'),
          folded_text: eb.ref('excluded.folded_text'),
          updated_at: eb.ref('excluded.updated_at'),
        })).where(sql<boolean>`adverse_media_articles.folded_text is distinct from excluded.folded_text`),
      )
      .executeTakeFirst();
    stored += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return stored;
}

export interface CorpusStats {
  articleCount: number;
  latestIngestedAt: Date | null;
}

export async function articleCorpusStats(db: Executor): Promise<CorpusStats> {
  const row = await db
    .selectFrom('adverse_media_articles')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('updated_at').as('latest')])
    .executeTakeFirstOrThrow();
  return { articleCount: Number(row.n), latestIngestedAt: (row.latest as Date | null) ?? null };
}

/** Articles whose folded text contains the words as a phrase, newest first. */
export async function articlesWithPhrase(db: Executor, phraseWords: string[], limit: number): Promise<AdverseMediaArticleRow[]> {
  if (phraseWords.length === 0) return [];
  return db
    .selectFrom('adverse_media_articles')
    .selectAll()
    .where(sql<boolean>`search_vector @@ phraseto_tsquery('simple', ${phraseWords.join(' ')})`)
    .orderBy(sql`published_at desc nulls last`)
    .orderBy('id')
    .limit(limit)
    .execute();
}
