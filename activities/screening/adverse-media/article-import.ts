/**
 * Ingests adverse-media articles from local files (RSS/Atom/RDF `.xml`/`.rss`/`.atom`, JSON
 * `.json`/`.jsonl`) or a folder of them, and from feed text downloaded by the refresh workflow.
 * Articles without a URL or title are skipped and counted; a malformed file is reported by name
 * and line and does not stop the other files.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/database.js';
import type { Logger } from '../../../infra/logger/logger.js';
import { upsertArticles } from '../../../infra/db/repositories/articles.repository.js';
import { foldArticleText } from './article-text.js';
import { parseArticleJson, parseFeedXml, type FeedArticle } from './feed-parser.js';

export interface ArticleImportDeps {
  db: Kysely<Database>;
  logger: Logger;
  clock: () => Date;
}

export interface ArticleImportResult {
  files: number;
  read: number;
  stored: number;
  skipped: number;
  problems: string[];
}

const XML_EXT = new Set(['.xml', '.rss', '.atom', '.rdf']);
const JSON_EXT = new Set(['.json', '.jsonl', '.ndjson']);

/** Articles of one feed or article file's text; the extension (or a sniff) picks the reader. */
export function parseArticleText(text: string, name: string): FeedArticle[] {
  const ext = path.extname(name).toLowerCase();
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (XML_EXT.has(ext) || start.startsWith('<')) return parseFeedXml(start, name);
  if (JSON_EXT.has(ext) || start.startsWith('[') || start.startsWith('{')) return parseArticleJson(start, name);
  throw new Error(`${name}: not an RSS/Atom feed or JSON article file`);
}

function usable(a: FeedArticle): boolean {
  return /^https?:\/\//i.test(a.url) && a.title.trim().length > 0;
}

/** Stores parsed articles; returns counts. */
export async function storeArticles(deps: ArticleImportDeps, articles: FeedArticle[]): Promise<{ read: number; stored: number; skipped: number }> {
  const good = articles.filter(usable);
  const unique = [...new Map(good.map((a) => [a.url, a])).values()];
  const stored = await upsertArticles(deps.db, unique.map((a) => ({ ...a, foldedText: foldArticleText(`${a.title}\n${a.summary}\n${a.body}`) })), deps.clock());
  return { read: articles.length, stored, skipped: articles.length - good.length };
}

async function filesUnder(target: string): Promise<string[]> {
  if (!(await stat(target)).isDirectory()) return [target];
  const out: string[] = [];
  for (const entry of (await readdir(target, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(target, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else if (XML_EXT.has(path.extname(entry.name).toLowerCase()) || JSON_EXT.has(path.extname(entry.name).toLowerCase())) out.push(full);
  }
  return out;
}

/** Imports a file or every feed/article file under a folder. */
export async function importArticleFiles(deps: ArticleImportDeps, target: string): Promise<ArticleImportResult> {
  const result: ArticleImportResult = { files: 0, read: 0, stored: 0, skipped: 0, problems: [] };
  for (const file of await filesUnder(path.resolve(target))) {
    result.files += 1;
    try {
      const counts = await storeArticles(deps, parseArticleText(await readFile(file, 'utf8'), file));
      result.read += counts.read;
      result.stored += counts.stored;
      result.skipped += counts.skipped;
    } catch (error) {
      result.problems.push((error as Error).message);
      deps.logger.warn({ file }, `article file not imported: ${(error as Error).message}`);
    }
  }
  return result;
}
