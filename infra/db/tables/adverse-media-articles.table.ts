import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Adverse-media articles ingested from feeds or files (reference data, no environment).
 * `folded_text` (title + summary + body, lowercase ASCII-folded) feeds the generated
 * `search_vector` (GIN-indexed, 'simple' configuration, so no language's stemming bends names).
 */
export interface AdverseMediaArticlesTable {
  id: Generated<string>;
  url: string;
  title: string;
  summary: ColumnType<string, string | undefined, string>;
  body: ColumnType<string, string | undefined, string>;
  language: string | null;
  published_at: Date | null;
  source_name: string | null;
  source_url: string | null;
  folded_text: string;
  search_vector: ColumnType<string, never, never>;
  ingested_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type AdverseMediaArticleRow = Selectable<AdverseMediaArticlesTable>;
